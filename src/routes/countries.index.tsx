import { createFileRoute } from '@tanstack/react-router'
import { ListError, ListPending } from '@/features/library/pages'
import { countriesQueryOptions } from '@/features/locations'
import { CountriesPage } from '@/features/locations/pages'

const frame = { eyebrow: 'Library', title: 'Countries' }

export const Route = createFileRoute('/countries/')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(countriesQueryOptions()),
  pendingComponent: () => <ListPending {...frame} label="Loading countries…" />,
  errorComponent: (props) => <ListError {...props} {...frame} what="the countries" />,
  component: CountriesPage,
})
