import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PageFrame } from '@/components/page-frame/page-frame'
import { NewsletterLink } from '@/features/newsletter/pages'

const searchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))), undefined),
})

export const Route = createFileRoute('/newsletter/confirm')({
  validateSearch: searchSchema,
  component: NewsletterConfirmPage,
})

function NewsletterConfirmPage() {
  const { token } = Route.useSearch()
  return (
    <PageFrame title="Confirm your subscription" eyebrow="Newsletter" width="narrow">
      <NewsletterLink action="confirm" token={token || undefined} />
    </PageFrame>
  )
}
