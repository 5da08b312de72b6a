import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageFrame } from '@/components/page-frame/page-frame'
import { meQueryOptions, requireSignIn } from '@/features/auth'
import { AccountError, AccountPending, AccountSettings } from '@/features/profile'

const title = 'Settings'

export const Route = createFileRoute('/userauth/settings')({
  beforeLoad: requireSignIn,
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  pendingComponent: () => <AccountPending title={title} />,
  errorComponent: (props) => <AccountError title={title} {...props} />,
  component: SettingsPage,
})

function SettingsPage() {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  return (
    <PageFrame eyebrow="Your account" title={title}>
      <AccountSettings me={me} />
    </PageFrame>
  )
}
