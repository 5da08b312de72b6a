import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PageFrame } from '@/components/page-frame/page-frame'
import { ResetPasswordForm } from '@/features/auth/pages'

const searchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(512))), undefined),
})

export const Route = createFileRoute('/reset-password')({
  validateSearch: searchSchema,
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  return (
    <PageFrame title="Choose a new password" eyebrow="Your account" width="narrow">
      <ResetPasswordForm token={token || undefined} />
    </PageFrame>
  )
}
