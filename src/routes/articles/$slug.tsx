import { createFileRoute, notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { ArticleNotFound, ArticlePage, ArticlePending, ListError } from '@/features/library/pages'
import { ApiError } from '@/lib/api-client'

const searchSchema = v.object({
  /** Set by the sign-in detour from the library (spec section 4). */
  playerActive: v.fallback(v.optional(v.boolean()), undefined),
})

export const Route = createFileRoute('/articles/$slug')({
  validateSearch: searchSchema,
  loader: async ({ context: { queryClient }, params: { slug } }) => {
    const { articleQueryOptions } = await import('@/features/library/queries')
    try {
      await queryClient.ensureQueryData(articleQueryOptions(slug))
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound()
      throw error
    }
  },
  pendingComponent: ArticlePending,
  notFoundComponent: ArticleNotFound,
  errorComponent: (props) => <ListError {...props} eyebrow="Library" title="Article unavailable" what="this article" />,
  component: ArticleRoute,
})

function ArticleRoute() {
  const { slug } = Route.useParams()
  const { playerActive } = Route.useSearch()
  return <ArticlePage key={slug} slug={slug} playerActive={playerActive === true} />
}
