import { createFileRoute } from '@tanstack/react-router'
import { costSearch } from '@/features/cost-of-living'
import { CostOfLivingPage } from '@/features/cost-of-living/pages'

export const Route = createFileRoute('/living-cost')({
  validateSearch: costSearch,
  component: LivingCostRoute,
})

function LivingCostRoute() {
  return <CostOfLivingPage search={Route.useSearch()} />
}
