import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '@/components/coming-soon/coming-soon'
import { PageFrame } from '@/components/page-frame/page-frame'

export const Route = createFileRoute('/living-cost')({
  component: LivingCostPage,
})

function LivingCostPage() {
  return (
    <PageFrame
      eyebrow="Services"
      title="Cost of Living"
      lead={<p>What a month costs in the city you are considering, and how it compares with where you are now.</p>}
    >
      <ComingSoon
        feature="The cost-of-living tool"
        promises={[
          'See monthly costs for housing, food, transport and more',
          'Compare two cities side by side',
          'Check the official source and year behind every figure',
        ]}
      />
    </PageFrame>
  )
}
