import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PageFrame } from '@/components/page-frame/page-frame'
import { NewsletterLink } from '@/features/newsletter/pages'

const searchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))), undefined),
})

export const Route = createFileRoute('/newsletter/unsubscribe')({
  validateSearch: searchSchema,
  component: NewsletterUnsubscribePage,
})

function NewsletterUnsubscribePage() {
  const { token } = Route.useSearch()
  return (
    <PageFrame title="Unsubscribe from the newsletter" eyebrow="Newsletter" width="narrow">
      <NewsletterLink action="unsubscribe" token={token || undefined} />
    </PageFrame>
  )
}
