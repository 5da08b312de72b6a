import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { authStore, closeAuthDialog } from '@/features/auth'
import { setCoverLetterStore } from '@/features/cover-letter/draft-store'
import { setDraftStore } from '@/features/resume/draft-store'
import { resetMockServer, server } from '../../mocks/node'

// Lazy chunks are transformed on first import, which can take a few seconds on a busy machine
// (loaded CI runs have needed more than 8 s to show a builder).
configure({ asyncUtilTimeout: 15_000 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  // The test's builder stores stop writing: a debounced save landing after the next test has
  // cleared IndexedDB would hand that test this one's draft.
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
