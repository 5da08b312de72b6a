import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageNumber, slugParam } from '@/features/library'
import { LibraryPage, ListError, ListPending, libraryLead } from '@/features/library/pages'

const frame = { eyebrow: 'Library', title: 'Career library', lead: libraryLead }

const searchSchema = v.object({
  category: v.fallback(v.optional(slugParam), undefined),
  sub_category: v.fallback(v.optional(slugParam), undefined),
  // No default: page 1 stays out of the address.
  page: v.fallback(v.optional(pageNumber), undefined),
})

export const Route = createFileRoute('/library')({
  validateSearch: searchSchema,
  loaderDeps: ({ search: { category, sub_category, page } }) => ({ category, sub_category, page: page ?? 1 }),
  loader: async ({ context: { queryClient }, deps }) => {
    const { articlesQueryOptions, categoriesQueryOptions } = await import('@/features/library/queries')
    return Promise.all([queryClient.ensureQueryData(categoriesQueryOptions()), queryClient.ensureQueryData(articlesQueryOptions(deps))])
  },
  pendingComponent: () => <ListPending {...frame} label="Loading articles…" />,
  errorComponent: (props) => <ListError {...props} {...frame} what="the library" />,
  component: LibraryRoute,
})

function LibraryRoute() {
  const { category, sub_category, page } = Route.useSearch()
  return <LibraryPage category={category} sub_category={sub_category} page={page ?? 1} />
}
