import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { authStore } from '@/features/auth'
import { browserNavigation } from '@/lib/browser-navigation'
import { isSameOriginPath } from '@/lib/safe-redirect'
import { mockAccounts } from '../../mocks/node'
import { renderRoute } from './support/render'

const hostile = [
  'https://evil.example/',
  'https://evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http:evil.example',
  'salary',
  '/\tx',
  '',
]

describe('isSameOriginPath', () => {
  it.each(['/', '/salary', '/library?category=interview-tips', '/articles/a-b#top', '/search?title=%2F%2Fevil.example'])('accepts %s', (path) => {
    expect(isSameOriginPath(path)).toBe(true)
  })

  it.each(hostile)('rejects %j', (path) => {
    expect(isSameOriginPath(path)).toBe(false)
  })
})

describe('the redirect search value of the sign-in page', () => {
  const fullPageLoad = vi.fn()
  beforeEach(() => {
    fullPageLoad.mockReset()
    vi.spyOn(browserNavigation, 'load').mockImplementation(fullPageLoad)
    vi.spyOn(browserNavigation, 'replace').mockImplementation(fullPageLoad)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'a signed-in visitor sent with redirect=%s stays on this site',
    async (target) => {
      mockAccounts.addUser('ana@example.com', 'correct-horse')
      const response = await fetch(`${location.origin}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'ana@example.com', password: 'correct-horse' }),
      })
      authStore.signedIn(await response.json())

      const { router } = await renderRoute(`/userlogin?redirect=${encodeURIComponent(target)}`)

      await waitFor(() => expect(router.state.location.href).toBe('/'))
      expect(fullPageLoad).not.toHaveBeenCalled()
    },
  )

  it.each(['https://evil.example', '//evil.example'])('signing in with redirect=%s lands on a page of this site', async (target) => {
    mockAccounts.addUser('ben@example.com', 'correct-horse')
    const { user, router } = await renderRoute(`/userlogin?loginfrom=homepage&redirect=${encodeURIComponent(target)}`)
    const panel = await screen.findByRole('region', { name: 'Sign in' })
    await user.type(within(panel).getByRole('textbox', { name: 'Email' }), 'ben@example.com')
    await user.type(within(panel).getByLabelText('Password'), 'correct-horse{Enter}')

    await waitFor(() => expect(authStore.isLoggedIn()).toBe(true))
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/userlogin'))
    expect(isSameOriginPath(router.state.location.href)).toBe(true)
    for (const [to] of fullPageLoad.mock.calls as [string][]) expect(isSameOriginPath(to), to).toBe(true)
  })
})
