import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router'
import { SiteLayout } from '@/features/layout'

export type RouterContext = { queryClient: QueryClient }

export const Route = createRootRouteWithContext<RouterContext>()({
  component: SiteLayout,
  // Rarely needed, so they load on demand instead of with every first page.
  notFoundComponent: lazyRouteComponent(() => import('./-components/status-pages'), 'NotFoundPage'),
  errorComponent: lazyRouteComponent(() => import('./-components/status-pages'), 'RouteErrorPage'),
})
