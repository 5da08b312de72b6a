import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { HomePage } from '@/features/home'

const searchSchema = v.object({
  /** Set after signing in from the home page (spec section 4). */
  actived: v.fallback(v.optional(v.boolean()), undefined),
})

export const Route = createFileRoute('/')({
  validateSearch: searchSchema,
  component: IndexRoute,
})

function IndexRoute() {
  const { actived } = Route.useSearch()
  return <HomePage actived={actived === true} />
}
