import '@fontsource-variable/inter'
import '@fontsource-variable/fraunces'
import './styles/global.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startSession } from './features/auth'
import { createQueryClient } from './lib/query-client'
import { registerServiceWorker } from './lib/service-worker'
import { routeTree } from './routeTree.gen'

startSession()
registerServiceWorker()
const queryClient = createQueryClient()

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

async function start() {
  if (import.meta.env.MODE === 'mock') {
    const { worker } = await import('../mocks/browser')
    await worker.start({ onUnhandledRequest: 'warn' })
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}

void start()
