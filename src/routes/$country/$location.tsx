import { createFileRoute, notFound } from '@tanstack/react-router'
import { ListError, ListPending } from '@/features/library/pages'
import { locationQueryOptions } from '@/features/locations'
import { LocationNotFound, LocationPage } from '@/features/locations/pages'
import { ApiError } from '@/lib/api-client'

const frame = { eyebrow: 'Location', title: 'Location' }

export const Route = createFileRoute('/$country/$location')({
  loader: async ({ context: { queryClient }, params: { country, location }, location: { pathname } }) => {
    // The router also lands here for deeper unknown paths (/a/b/c/d): no place to ask about.
    if (pathname.split('/').filter(Boolean).length !== 2) throw notFound()
    try {
      await queryClient.ensureQueryData(locationQueryOptions(country, location))
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound()
      throw error
    }
  },
  pendingComponent: () => <ListPending {...frame} label="Loading this place…" />,
  notFoundComponent: LocationNotFound,
  errorComponent: (props) => <ListError {...props} {...frame} what="this place" />,
  component: LocationRoute,
})

function LocationRoute() {
  const { country, location } = Route.useParams()
  return <LocationPage key={`${country}/${location}`} country={country} location={location} />
}
