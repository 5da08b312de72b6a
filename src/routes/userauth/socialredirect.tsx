import { createFileRoute } from '@tanstack/react-router'
import { PageFrame } from '@/components/page-frame/page-frame'
import { SocialRedirect } from '@/features/auth/pages'

// No search schema: the page reads `code`, `state` and `error` from the raw query string.
export const Route = createFileRoute('/userauth/socialredirect')({
  component: SocialRedirectPage,
})

function SocialRedirectPage() {
  return (
    <PageFrame title="Signing you in" width="narrow">
      <SocialRedirect />
    </PageFrame>
  )
}
