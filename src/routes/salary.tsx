import { createFileRoute } from '@tanstack/react-router'
import { salarySearch } from '@/features/salary'
import { SalaryPage } from '@/features/salary/pages'

export const Route = createFileRoute('/salary')({
  validateSearch: salarySearch,
  component: SalaryRoute,
})

function SalaryRoute() {
  const { location, items } = Route.useSearch()
  return <SalaryPage location={location} items={items ?? []} />
}
