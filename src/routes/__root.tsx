import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router'
import { InspectorHost } from '@/features/inspector'
import { OfflineNotice, SiteLayout } from '@/features/layout'

export type RouterContext = { queryClient: QueryClient }

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Rarely needed, so they load on demand instead of with every first page.
  notFoundComponent: lazyRouteComponent(() => import('./-components/status-pages'), 'NotFoundPage'),
  errorComponent: lazyRouteComponent(() => import('./-components/status-pages'), 'RouteErrorPage'),
})

function RootLayout() {
  return (
    <>
      <SiteLayout />
      <OfflineNotice />
      <InspectorHost />
    </>
  )
}
