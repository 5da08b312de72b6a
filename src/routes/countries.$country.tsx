import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { authStore, signInLocation } from '@/features/auth'
import { ListError, ListPending } from '@/features/library/pages'
import { countryQueryOptions } from '@/features/locations'
import { CountryDetailPage, LocationNotFound } from '@/features/locations/pages'
import { ApiError } from '@/lib/api-client'

const frame = { eyebrow: 'Country guide', title: 'Country details' }

export const Route = createFileRoute('/countries/$country')({
  // Spec: country details are gated; the sign-in prompt is 'see country details'.
  beforeLoad: ({ location }) => {
    if (!authStore.isLoggedIn()) throw redirect(signInLocation(location.pathname, location.href, 'country'))
  },
  loader: async ({ context: { queryClient }, params: { country } }) => {
    try {
      await queryClient.ensureQueryData(countryQueryOptions(country))
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound()
      throw error
    }
  },
  pendingComponent: () => <ListPending {...frame} label="Loading the country guide…" />,
  notFoundComponent: LocationNotFound,
  errorComponent: (props) => <ListError {...props} {...frame} what="this country" />,
  component: CountryRoute,
})

function CountryRoute() {
  const { country } = Route.useParams()
  return <CountryDetailPage key={country} slug={country} />
}
