import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '@/components/coming-soon/coming-soon'
import { PageFrame } from '@/components/page-frame/page-frame'

export const Route = createFileRoute('/countries')({
  component: CountriesPage,
})

function CountriesPage() {
  return (
    <PageFrame
      eyebrow="Library"
      title="Countries"
      lead={<p>Study and work abroad, country by country: pay, prices and the cities people move to.</p>}
    >
      <ComingSoon
        feature="The country guide"
        promises={[
          'Browse 30 countries and 39 popular cities',
          'Compare typical pay and living costs, with the official source of every figure',
        ]}
      />
    </PageFrame>
  )
}
