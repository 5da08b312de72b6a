import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { emptyResumeData } from '~contract/resume.ts'
import { authStore } from '@/features/auth'
import { browserNavigation } from '@/lib/browser-navigation'
import { mockArticles } from '../../mocks/library-handlers'
import { mockAccounts, server } from '../../mocks/node'
import { renderRoute } from './support/render'
import { signInMockAccount } from './support/sign-in'

/** Route components load lazily; allow for a busy machine. */
const slow = { timeout: 5000 }

const email = 'ana@example.com'
const password = 'first-secret'

/** Seeds an account in the mock API and signs in through its login call; returns the access token. */
const signIn = (account = { email, password }): Promise<string> => signInMockAccount(account)

/** What the user saved from another device: POSTed to the mock API as that user. */
async function saveToAccount(access: string, path: string, body: unknown): Promise<{ id: string; updated_at: string }> {
  const response = await fetch(`${location.origin}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify(body),
  })
  expect(response.status).toBeLessThan(300)
  return (await response.json()) as { id: string; updated_at: string }
}

const saveResume = (access: string, title: string) => saveToAccount(access, 'resumes', { title, template: 'cool', data: emptyResumeData() })
const saveCoverLetter = (access: string, title: string) =>
  saveToAccount(access, 'cover-letters', { title, template: 'cool', data: emptyCoverLetterData() })

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
    expect(account.getByText('Not confirmed yet: open the link we sent to this address.')).toBeInTheDocument()

    const resumes = within(main.getByRole('region', { name: 'Saved resumes' }))
    expect(
      await resumes.findByText(
        'You have no saved resumes yet. Resumes you save to your account will be listed here, so you can pick up where you left off.',
      ),
    ).toBeInTheDocument()
    expect(resumes.getByRole('link', { name: 'Open the Resume Builder' })).toHaveAttribute('href', '/resume')
    const letters = within(main.getByRole('region', { name: 'Cover letters' }))
    expect(
      await letters.findByText('You have no saved cover letters yet. Cover letters you save to your account will be listed here.'),
    ).toBeInTheDocument()
    expect(letters.getByRole('link', { name: 'Open the Cover Letter Builder' })).toHaveAttribute('href', '/coverletter')
    const playlist = within(main.getByRole('region', { name: 'Playlist' }))
    expect(
      await playlist.findByText('Your playlist is empty. Add the audio of library articles to your playlist and listen to them while you browse.'),
    ).toBeInTheDocument()
    expect(playlist.getByRole('link', { name: 'Browse the library' })).toHaveAttribute('href', '/library')
    for (const section of [resumes, letters, playlist]) expect(section.queryByRole('list')).not.toBeInTheDocument()
    expect(main.getByRole('link', { name: 'All settings' })).toHaveAttribute('href', '/userauth/settings')
    expect(main.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/userauth/settings#change-password')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('lists what the user saved: titles with their date linking to the builders, and the playlist tracks', async () => {
    const access = await signIn()
    const resume = await saveResume(access, 'Product designer')
    await saveResume(access, 'Nurse, night shifts')
    const letter = await saveCoverLetter(access, 'Letter to Acme')
    const narrated = mockArticles().filter((a) => a.audio?.status === 'ready')
    for (const article of narrated.slice(0, 2)) await saveToAccount(access, 'users/me/playlist', { audioId: article.audio!.id })

    await renderRoute('/userauth/profile')
    const main = within(await screen.findByRole('main', {}, slow))

    const resumes = within(main.getByRole('region', { name: 'Saved resumes' }))
    const designer = await resumes.findByRole('link', { name: 'Product designer' }, slow)
    expect(designer).toHaveAttribute('href', `/resume?open=${resume.id}`)
    // Newest change first.
    expect(resumes.getAllByRole('listitem').map((item) => item.querySelector('a')?.textContent)).toEqual(['Nurse, night shifts', 'Product designer'])
    const updated = within(designer.closest('li')!).getByText(/^\d{1,2} \w+ \d{4}$/)
    expect(updated.tagName).toBe('TIME')
    expect(updated).toHaveAttribute('datetime', resume.updated_at)
    expect(designer.closest('li')).toHaveTextContent(/^Product designerUpdated \d{1,2} \w+ \d{4}$/)
    expect(resumes.getByText('2 saved resumes')).toBeInTheDocument()
    expect(resumes.queryByText(/no saved resumes yet/)).not.toBeInTheDocument()
    expect(resumes.queryByText(/more$/)).not.toBeInTheDocument()
    expect(resumes.getByRole('link', { name: 'Open the Resume Builder' })).toHaveAttribute('href', '/resume')

    const letters = within(main.getByRole('region', { name: 'Cover letters' }))
    expect(await letters.findByRole('link', { name: 'Letter to Acme' })).toHaveAttribute('href', `/coverletter?open=${letter.id}`)
    expect(letters.getByText('1 saved cover letter')).toBeInTheDocument()

    const playlist = within(main.getByRole('region', { name: 'Playlist' }))
    const first = await playlist.findByRole('link', { name: narrated[0]!.title })
    expect(first).toHaveAttribute('href', `/articles/${narrated[0]!.slug}`)
    expect(playlist.getByRole('link', { name: narrated[1]!.title })).toHaveAttribute('href', `/articles/${narrated[1]!.slug}`)
    expect(playlist.getByText('2 tracks')).toBeInTheDocument()
    expect(playlist.queryByText(/playlist is empty/)).not.toBeInTheDocument()
  })

  it('shows the first five and says how many more there are', async () => {
    const access = await signIn()
    for (let n = 1; n <= 7; n += 1) await saveResume(access, `Resume ${n}`)
    await renderRoute('/userauth/profile')
    const resumes = within(await screen.findByRole('region', { name: 'Saved resumes' }, slow))
    await resumes.findByRole('link', { name: 'Resume 7' }, slow)
    expect(resumes.getAllByRole('listitem').map((item) => item.querySelector('a')?.textContent)).toEqual([
      'Resume 7',
      'Resume 6',
      'Resume 5',
      'Resume 4',
      'Resume 3',
    ])
    expect(resumes.getByText('and 2 more')).toBeInTheDocument()
    expect(resumes.getByText('7 saved resumes')).toBeInTheDocument()
  })

  it('says what to do when a list cannot load, and loads it on "Try again"', async () => {
    const access = await signIn()
    await saveResume(access, 'Product designer')
    // Down until the user tries again (the client itself retries a failed GET once).
    let down = true
    server.use(http.get('*/api/resumes', () => (down ? HttpResponse.error() : undefined)))
    const { user } = await renderRoute('/userauth/profile')
    const resumes = within(await screen.findByRole('region', { name: 'Saved resumes' }, slow))
    expect(resumes.getByRole('status')).toHaveTextContent('Loading your saved resumes…')
    const alert = await resumes.findByRole('alert', {}, slow)
    expect(alert).toHaveTextContent('We could not load your saved resumes. We could not reach Waypoint. Check your connection and try again.')
    expect(resumes.queryByText(/no saved resumes yet/)).not.toBeInTheDocument()
    // The other sections do not depend on this one.
    expect(await within(screen.getByRole('region', { name: 'Cover letters' })).findByText(/no saved cover letters yet/)).toBeInTheDocument()

    down = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await resumes.findByRole('link', { name: 'Product designer' }, slow)).toBeInTheDocument()
    expect(resumes.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('tells the user the session has ended when the refresh fails too', async () => {
    // The client logs the failed refresh; the router warns about the failed loader.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await signIn()
    mockAccounts.expireAccess()
    server.use(
      http.post('*/api/users/refresh', () => HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 })),
    )
    await renderRoute('/userauth/profile')
    expect(await screen.findByRole('heading', { name: 'Your session has ended' }, slow)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/userlogin?loginfrom=userauth&redirect=%2Fuserauth%2Fprofile')
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
          email_verified: true,
          pending_email: null,
        }),
      ),
    )
    await openSettings()
    const form = within(screen.getByRole('form', { name: 'Change password' }))
    expect(form.queryByLabelText('Current password')).not.toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Set password' })).toBeInTheDocument()
  })

  it('asks to change the e-mail: says where the link went, and the address stays until it is opened', async () => {
    await signIn()
    const { user, main } = await openSettings()
    const form = within(screen.getByRole('form', { name: 'Change email' }))
    await user.type(form.getByRole('textbox', { name: 'New email' }), 'ana.lima@example.com')
    await user.type(form.getByLabelText('Current password'), password)
    await user.click(form.getByRole('button', { name: 'Change email' }))

    expect(await main.findByText('We have sent a link to ana.lima@example.com. Your address changes when you open it.')).toBeInTheDocument()
    expect(main.getByText('Signed in as', { exact: false })).toHaveTextContent(email)
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

describe('e-mail confirmation', () => {
  it('the dashboard sends the confirmation link again while the address is not confirmed', async () => {
    await signIn()
    const { user } = await renderRoute('/userauth/profile')
    const account = within(await screen.findByRole('region', { name: 'Your account' }, slow))
    await user.click(account.getByRole('button', { name: 'Send the link again' }))

    expect(await account.findByText(`We have sent a confirmation link to ${email}.`)).toBeInTheDocument()
  })

  it('the link of the e-mail confirms the address; the dashboard then says so and offers no link', async () => {
    await signIn()
    const { user } = await renderRoute(`/verify-email?token=verify-${email}`)

    const detail = await screen.findByText('Your e-mail address is confirmed.', {}, slow)
    const done = detail.closest<HTMLElement>('[role="status"]')!
    expect(done).toHaveFocus()
    await user.click(within(done).getByRole('link', { name: 'Go to your dashboard' }))
    const account = within(await screen.findByRole('region', { name: 'Your account' }, slow))
    expect(await account.findByText('Confirmed')).toBeInTheDocument()
    expect(account.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument()
  })

  it('a used or unknown link says so', async () => {
    await renderRoute('/verify-email?token=verify-nobody@example.com')

    const message = await screen.findByText(
      'This confirmation link has expired or was already used. Ask for a new one from your dashboard.',
      {},
      slow,
    )
    expect(message.closest('[role="alert"]')).toBeInTheDocument()
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
