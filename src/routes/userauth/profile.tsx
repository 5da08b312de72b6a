import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageFrame } from '@/components/page-frame/page-frame'
import { meQueryOptions, requireSignIn } from '@/features/auth'
import { AccountError, AccountPending, Dashboard } from '@/features/profile'

const title = 'Dashboard'

export const Route = createFileRoute('/userauth/profile')({
  beforeLoad: requireSignIn,
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  pendingComponent: () => <AccountPending title={title} />,
  errorComponent: (props) => <AccountError title={title} {...props} />,
  component: DashboardPage,
})

function DashboardPage() {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  return (
    <PageFrame eyebrow="Your account" title={title}>
      <Dashboard me={me} />
    </PageFrame>
  )
}
