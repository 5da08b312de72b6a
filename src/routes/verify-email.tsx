import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PageFrame } from '@/components/page-frame/page-frame'
import { VerifyEmail } from '@/features/auth/pages'

const searchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(512))), undefined),
})

export const Route = createFileRoute('/verify-email')({
  validateSearch: searchSchema,
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { token } = Route.useSearch()
  return (
    <PageFrame title="Confirm your e-mail address" eyebrow="Your account" width="narrow">
      <VerifyEmail token={token || undefined} />
    </PageFrame>
  )
}
