import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { authStore, closeAuthDialog } from '@/features/auth'
import { resetMockServer, server } from '../../mocks/node'

// Lazy chunks are transformed on first import, which can take a few seconds on a busy machine
// (loaded CI runs have needed more than 8 s to show a builder).
configure({ asyncUtilTimeout: 15_000 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  cleanup()
  // The test's builder stores stop writing: a debounced save landing after the next test has
  // cleared IndexedDB would hand that test this one's draft. Imported here, not at the top: the
  // stores load the documents feature (its sync machine, the inspector's hook), and a module this
  // file loaded first would escape a test file's vi.mock (the inspector test mocks its flag).
  const [{ setDraftStore }, { setCoverLetterStore }] = await Promise.all([
    import('@/features/resume/draft-store'),
    import('@/features/cover-letter/draft-store'),
  ])
  setDraftStore(null)
  setCoverLetterStore(null)
  resetMockServer()
  authStore.clear()
  closeAuthDialog()
  localStorage.clear()
  sessionStorage.clear()
})
afterAll(() => server.close())

// jsdom has no matchMedia or scrollTo; the shell reads the first and the router calls the second.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
window.scrollTo = () => {}
