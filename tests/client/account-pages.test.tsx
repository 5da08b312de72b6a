import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authStore } from '@/features/auth'
import { browserNavigation } from '@/lib/browser-navigation'
import { mockAccounts, server } from '../../mocks/node'
import { renderRoute } from './support/render'

/** Route components load lazily; allow for a busy machine. */
const slow = { timeout: 5000 }

const email = 'ana@example.com'
const password = 'first-secret'

/** Seeds an account in the mock API and signs in through its login call. */
async function signIn(account = { email, password }) {
  mockAccounts.addUser(account.email, account.password)
  const response = await fetch(`${location.origin}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  })
  authStore.signedIn(await response.json())
}

/** Watches the full page loads instead of leaving the test page. */
function stubLocation() {
  const assign = vi.spyOn(browserNavigation, 'load').mockImplementation(() => {})
  const replace = vi.spyOn(browserNavigation, 'replace').mockImplementation(() => {})
  return { assign, replace }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

describe('gate', () => {
  it('sends a guest from the dashboard to /userlogin with loginfrom=userauth and the way back', async () => {
    const { router } = await renderRoute('/userauth/profile')
    await waitFor(() => expect(router.state.location.pathname).toBe('/userlogin'))
    expect(router.state.location.search).toEqual({ loginfrom: 'userauth', redirect: '/userauth/profile' })
  })

  it('gates the settings page too', async () => {
    const { router } = await renderRoute('/userauth/settings')
    await waitFor(() => expect(router.state.location.pathname).toBe('/userlogin'))
    expect(router.state.location.search).toEqual({ loginfrom: 'userauth', redirect: '/userauth/settings' })
  })
})

describe('dashboard', () => {
  it('shows the account and honest empty states', async () => {
    await signIn()
    await renderRoute('/userauth/profile')
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, slow)).toBeInTheDocument()
    const main = within(screen.getByRole('main'))

    const account = within(main.getByRole('region', { name: 'Your account' }))
    expect(account.getByText(email)).toBeInTheDocument()
    expect(account.getByText('1 November 2026')).toBeInTheDocument()
    expect(account.getByText('Free')).toBeInTheDocument()
    expect(account.getByText('Email and password')).toBeInTheDocument()

    const resumes = within(main.getByRole('region', { name: 'Saved resumes' }))
    expect(resumes.getByText(/no saved resumes yet/)).toBeInTheDocument()
    expect(resumes.getByRole('link', { name: 'Open the Resume Builder' })).toHaveAttribute('href', '/resume')
    expect(within(main.getByRole('region', { name: 'Cover letters' })).getByRole('link', { name: 'Open the Cover Letter Builder' })).toHaveAttribute(
      'href',
      '/coverletter',
    )
    expect(within(main.getByRole('region', { name: 'Playlist' })).getByRole('link', { name: 'Browse the library' })).toHaveAttribute(
      'href',
      '/library',
    )
    expect(main.getByRole('link', { name: 'All settings' })).toHaveAttribute('href', '/userauth/settings')
    expect(main.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/userauth/settings#change-password')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('tells the user the session has ended when the refresh fails too', async () => {
    // The client logs the failed refresh; the router warns about the failed loader.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await signIn()
    mockAccounts.expireAccess()
    server.use(
      http.post('*/api/users/refresh', () =>
        HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 }),
      ),
    )
    await renderRoute('/userauth/profile')
    expect(await screen.findByRole('heading', { name: 'Your session has ended' }, slow)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/userlogin?loginfrom=userauth&redirect=%2Fuserauth%2Fprofile',
    )
    expect(authStore.isLoggedIn()).toBe(false)
  })
})

describe('settings', () => {
  async function openSettings() {
    const view = await renderRoute('/userauth/settings')
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, slow)).toBeInTheDocument()
    const main = within(screen.getByRole('main'))
    for (const name of ['Change password', 'Change email', 'Download my data', 'Delete my account']) {
      expect(main.getByRole('heading', { level: 2, name })).toBeInTheDocument()
    }
    return { ...view, main }
  }

  function passwordForm() {
    const form = within(screen.getByRole('form', { name: 'Change password' }))
    return {
      form,
      current: form.getByLabelText('Current password'),
      next: form.getByLabelText('New password'),
      confirm: form.getByLabelText('Confirm new password'),
      submit: form.getByRole('button', { name: 'Change password' }),
    }
  }

  it('changes the password, says so and clears the form', async () => {
    await signIn()
    const { user, main } = await openSettings()
    expect(main.getByRole('link', { name: 'GDPR Compliance Statement' })).toHaveAttribute('href', '/gdpr-compliance-statement')

    let fields = passwordForm()
    await user.type(fields.current, password)
    await user.type(fields.next, 'second-secret')
    await user.type(fields.confirm, 'second-secret')
    await user.click(fields.submit)

    const changed = await screen.findByText('Your password has been changed.', {}, slow)
    expect(changed.closest('[role="status"]')).not.toBeNull()
    fields = passwordForm()
    expect(fields.current).toHaveValue('')
    expect(fields.next).toHaveValue('')
    expect(fields.confirm).toHaveValue('')

    const login = await fetch(`${location.origin}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'second-secret' }),
    })
    expect(login.status).toBe(200)
  })

  it('shows the server error under the current password when it is wrong', async () => {
    await signIn()
    const { user } = await openSettings()
    const fields = passwordForm()
    await user.type(fields.current, 'not-my-password')
    await user.type(fields.next, 'second-secret')
    await user.type(fields.confirm, 'second-secret')
    await user.click(fields.submit)

    expect(await fields.form.findByText('Your current password is not correct.')).toBeInTheDocument()
    expect(fields.current).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('Your password has been changed.')).not.toBeInTheDocument()
  })

  it('checks the new password and its confirmation on blur, with a toggle per field', async () => {
    await signIn()
    const { user } = await openSettings()
    const fields = passwordForm()
    await user.type(fields.next, 'abc')
    await user.tab()
    expect(await fields.form.findByText('Password must be at least 6 characters')).toBeInTheDocument()
    await user.click(fields.confirm)
    await user.tab()
    expect(await fields.form.findByText('Confirm Password is required')).toBeInTheDocument()
    await user.type(fields.confirm, 'abcdef')
    await user.tab()
    expect(await fields.form.findByText('Passwords must match')).toBeInTheDocument()

    const toggle = fields.form.getByRole('button', { name: 'Show new password' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await user.click(toggle)
    expect(fields.next).toHaveAttribute('type', 'text')
    expect(fields.confirm).toHaveAttribute('type', 'password')
  })

  it('leaves out the current password for an account without one', async () => {
    // The mock can't sign in a Google-only account; give the signed-in one that shape instead.
    await signIn()
    server.use(
      http.get('*/api/users/me', () =>
        HttpResponse.json({
          id: 'user-1',
          email: 'social@example.com',
          created_at: '2026-11-01T10:00:00.000Z',
          plan: 'free',
          providers: ['google-oauth2'],
          has_password: false,
        }),
      ),
    )
    await openSettings()
    const form = within(screen.getByRole('form', { name: 'Change password' }))
    expect(form.queryByLabelText('Current password')).not.toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Set password' })).toBeInTheDocument()
  })

  it('changes the e-mail and shows the new one', async () => {
    await signIn()
    const { user, main } = await openSettings()
    const form = within(screen.getByRole('form', { name: 'Change email' }))
    await user.type(form.getByRole('textbox', { name: 'New email' }), 'ana.lima@example.com')
    await user.type(form.getByLabelText('Current password'), password)
    await user.click(form.getByRole('button', { name: 'Change email' }))

    expect(await main.findByText('Your email address is now ana.lima@example.com.')).toBeInTheDocument()
    expect(main.getByText('Signed in as', { exact: false })).toHaveTextContent('ana.lima@example.com')
  })

  it('downloads the data export as waypoint-export.json', async () => {
    await signIn()
    const createObjectURL = vi.fn(() => 'blob:waypoint-export')
    const revokeObjectURL = vi.fn()
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }))
    const clicks: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this)
    })
    const { user, main } = await openSettings()
    await user.click(main.getByRole('button', { name: 'Download my data' }))

    expect(await main.findByText('Your data has been downloaded as waypoint-export.json.')).toBeInTheDocument()
    expect(createObjectURL).toHaveBeenCalledTimes(1)
    expect(clicks[0]?.download).toBe('waypoint-export.json')
    expect(clicks[0]?.href).toBe('blob:waypoint-export')
  })

  it('deletes the account only after DELETE is typed, then starts over on the home page', async () => {
    await signIn()
    const { user, main } = await openSettings()
    await user.click(main.getByRole('button', { name: 'Delete my account' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your Waypoint account?' })
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account forever' })
    const box = within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' })
    expect(confirm).toBeDisabled()
    await user.type(box, 'delete')
    expect(confirm).toBeDisabled()
    await user.clear(box)
    await user.type(box, 'DELETE')
    expect(confirm).toBeEnabled()

    const { assign } = stubLocation()
    await user.click(confirm)
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'))
    expect(authStore.isLoggedIn()).toBe(false)
    expect(localStorage.length).toBe(0)
  })

  it('keeps the dialog open with the error when deleting fails, and Escape closes it', async () => {
    await signIn()
    server.use(http.delete('*/api/users/me', () => HttpResponse.json({ detail: 'Please try again in a minute.' }, { status: 429 })))
    const { user, main } = await openSettings()
    await user.click(main.getByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please try again in a minute.')
    expect(authStore.isLoggedIn()).toBe(true)

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(main.getByRole('button', { name: 'Delete my account' })).toHaveFocus()
  })
})

describe('reset password page', () => {
  async function fillIn(user: Awaited<ReturnType<typeof renderRoute>>['user']) {
    const form = within(await screen.findByRole('form', { name: 'Choose a new password' }, slow))
    await user.type(form.getByLabelText('New password'), 'brand-new-secret')
    await user.type(form.getByLabelText('Confirm new password'), 'brand-new-secret')
    await user.click(form.getByRole('button', { name: 'Save new password' }))
  }

  it('sets the new password with a valid link and offers to sign in', async () => {
    mockAccounts.addUser(email, password)
    const { user } = await renderRoute(`/reset-password?token=reset-${email}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }, slow)).toBeInTheDocument()
    await fillIn(user)

    const detail = await screen.findByText('Your password has been changed. Sign in with your new password.', {}, slow)
    const done = detail.closest<HTMLElement>('[role="status"]')!
    expect(done).toHaveFocus()
    expect(within(done).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/userlogin')
  })

  it('shows the token error with a way to ask for a new link', async () => {
    const { user } = await renderRoute('/reset-password?token=reset-nobody@example.com')
    await fillIn(user)

    const message = await screen.findByText('This reset link has expired or was already used. Ask for a new one.', {}, slow)
    const problem = message.closest<HTMLElement>('[role="alert"]')!
    expect(within(problem).getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/userlogin')
  })

  it('explains a link without a token', async () => {
    await renderRoute('/reset-password')
    const heading = await screen.findByRole('heading', { name: 'This reset link is incomplete' }, slow)
    const problem = heading.closest<HTMLElement>('[role="alert"]')!
    expect(within(problem).getByRole('link', { name: 'Ask for a new reset link' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).not.toBeInTheDocument()
  })
})

describe('social sign-in return page', () => {
  const longCode = '4/0AeanS0b123456789012345678901234567890'
  const longState = '12345678901234567890123456789'

  it('goes home and stores nothing when the provider reports an error', async () => {
    sessionStorage.setItem('waypoint:oauth-provider', 'google-oauth2')
    window.history.replaceState(null, '', '/userauth/socialredirect?error=access_denied')
    const { router } = await renderRoute('/userauth/socialredirect?error=access_denied')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow)
    expect(authStore.isLoggedIn()).toBe(false)
  })

  it('goes home when the exchange is refused', async () => {
    let exchanges = 0
    server.use(
      http.post('*/api/auth/o/:provider/', () => {
        exchanges += 1
        return HttpResponse.json({ detail: 'The sign-in could not be completed.' }, { status: 400 })
      }),
    )
    sessionStorage.setItem('waypoint:oauth-provider', 'linkedin-oauth2')
    const query = `?code=${encodeURIComponent(longCode)}&state=${longState}`
    window.history.replaceState(null, '', `/userauth/socialredirect${query}`)
    const { router } = await renderRoute(`/userauth/socialredirect${query}`)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow)
    expect(exchanges).toBe(1)
    expect(authStore.isLoggedIn()).toBe(false)
  })

  it('exchanges the raw code and state once, stores the user and loads the remembered page', async () => {
    const seen: { provider: string; code: string | null; state: string | null }[] = []
    server.use(
      http.post('*/api/auth/o/:provider/', ({ request, params }) => {
        const url = new URL(request.url)
        seen.push({ provider: String(params.provider), code: url.searchParams.get('code'), state: url.searchParams.get('state') })
        return HttpResponse.json({ email, access: 'access.social', refresh: 'refresh.social' })
      }),
    )
    authStore.rememberPage('/salary?job=nurse')
    sessionStorage.setItem('waypoint:oauth-provider', 'google-oauth2')
    const query = `?code=${encodeURIComponent(longCode)}&state=${longState}`
    window.history.replaceState(null, '', `/userauth/socialredirect${query}`)
    const { replace } = stubLocation()

    await renderRoute(`/userauth/socialredirect${query}`)
    expect(await screen.findByText('Signing you in…', {}, slow)).toBeInTheDocument()
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/salary?job=nurse'))
    expect(seen).toEqual([{ provider: 'google-oauth2', code: longCode, state: longState }])
    expect(authStore.get().userData).toEqual({ email, access: 'access.social', refresh: 'refresh.social' })
    expect(sessionStorage.getItem('waypoint:oauth-provider')).toBeNull()
  })
})
