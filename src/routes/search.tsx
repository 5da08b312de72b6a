import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchQueryOptions } from '@/features/search'
import { ListError } from '@/features/library/pages'
import { SearchPage, SearchPending, searchLead } from '@/features/search/pages'
import { searchText } from '@/lib/search-schemas'

const searchSchema = v.object({
  title: v.optional(v.fallback(searchText, ''), ''),
})

export const Route = createFileRoute('/search')({
  validateSearch: searchSchema,
  loaderDeps: ({ search: { title } }) => ({ title }),
  loader: ({ context: { queryClient }, deps: { title } }) => (title ? queryClient.ensureQueryData(searchQueryOptions(title)) : undefined),
  pendingComponent: SearchPendingRoute,
  errorComponent: (props) => <ListError {...props} title="Search results" lead={searchLead('')} what="search results" />,
  component: SearchRoute,
})

function SearchRoute() {
  const { title } = Route.useSearch()
  return <SearchPage title={title} />
}

function SearchPendingRoute() {
  const { title } = Route.useSearch()
  return <SearchPending title={title} />
}
