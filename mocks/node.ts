import { setupServer } from 'msw/node'
import { createMockAccounts } from './auth-handlers'
import { createHandlers } from './handlers'

/** The mock account service behind the handlers; tests seed users through it. */
export let mockAccounts = createMockAccounts()

export const server = setupServer(...createHandlers(mockAccounts))

/** Fresh in-memory state between tests. */
export function resetMockServer() {
  mockAccounts = createMockAccounts()
  server.resetHandlers(...createHandlers(mockAccounts))
}
