import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageNumber } from '@/features/library'
import { ListError, ListPending, PostsPage, postsLead } from '@/features/library/pages'

const frame = { eyebrow: 'Library', title: 'Posts', lead: postsLead }

const searchSchema = v.object({
  // No default: page 1 stays out of the address.
  page: v.fallback(v.optional(pageNumber), undefined),
})

export const Route = createFileRoute('/posts')({
  validateSearch: searchSchema,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? 1 }),
  loader: async ({ context: { queryClient }, deps }) => {
    const { articlesQueryOptions } = await import('@/features/library/queries')
    return queryClient.ensureQueryData(articlesQueryOptions(deps))
  },
  pendingComponent: () => <ListPending {...frame} label="Loading the latest posts…" />,
  errorComponent: (props) => <ListError {...props} {...frame} what="the latest posts" />,
  component: PostsRoute,
})

function PostsRoute() {
  const { page } = Route.useSearch()
  return <PostsPage page={page ?? 1} />
}
