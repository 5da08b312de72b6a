import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '@/components/coming-soon/coming-soon'
import { PageFrame } from '@/components/page-frame/page-frame'

export const Route = createFileRoute('/salary')({
  component: SalaryPage,
})

function SalaryPage() {
  return (
    <PageFrame
      eyebrow="Services"
      title="Salary Insights"
      lead={<p>What a job pays, where: ranges from official wage statistics, never guesses without a label.</p>}
    >
      <ComingSoon
        feature="Salary insights"
        promises={[
          'Look up pay for hundreds of occupations by city and state',
          'See the 10th to 90th percentile range, not just an average',
          'Check the source and year behind every figure',
        ]}
      />
    </PageFrame>
  )
}
