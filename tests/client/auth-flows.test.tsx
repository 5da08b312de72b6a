import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { authStore } from '@/features/auth'
import { callApi } from '@/lib/api-client'
import { browserNavigation } from '@/lib/browser-navigation'
import { mockAccounts, server } from '../../mocks/node'
import { renderRoute } from './support/render'

const fullPageLoad = vi.fn()

beforeEach(() => {
  fullPageLoad.mockReset()
  vi.spyOn(browserNavigation, 'load').mockImplementation(fullPageLoad)
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function signInPanel() {
  return screen.findByRole('region', { name: 'Sign in' })
}

describe('sign-in page', () => {
  it('shows the resume prompt, validates on blur, shows the server detail and forwards to the redirect', async () => {
    mockAccounts.addUser('ana@example.com', 'correct-horse')
    const { user, router } = await renderRoute('/userlogin?loginfrom=resume&redirect=%2Fresume')
    const panel = await signInPanel()
    expect(within(panel).getByRole('heading', { level: 1, name: 'Sign In to Your Account' })).toBeInTheDocument()
    expect(within(panel).getByText('Sign in to save your resume.')).toBeInTheDocument()
    for (const name of ['Continue with Google', 'Continue with LinkedIn']) {
      expect(within(panel).getByRole('button', { name })).toBeInTheDocument()
    }

    const email = within(panel).getByRole('textbox', { name: 'Email' })
    const password = within(panel).getByLabelText('Password')
    await user.click(email)
    await user.tab()
    expect(await within(panel).findByText('Email is required')).toBeInTheDocument()
    await user.type(email, 'ana@example')
    await user.tab()
    expect(await within(panel).findByText('Email is invalid')).toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'ana@example.com')
    await user.click(password)
    await user.tab()
    expect(await within(panel).findByText('Password is required')).toBeInTheDocument()
    await user.type(password, '12345')
    await user.tab()
    expect(await within(panel).findByText('Password must be at least 6 characters')).toBeInTheDocument()

    await user.clear(password)
    await user.type(password, 'wrong-password')
    await user.click(within(panel).getByRole('button', { name: 'Sign In & Next' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No active account found with the given credentials')
    expect(authStore.isLoggedIn()).toBe(false)

    await user.clear(password)
    await user.type(password, 'correct-horse{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/resume'))
    expect(authStore.get().userData?.email).toBe('ana@example.com')
    expect(document.cookie).toContain('accessToken=')
  })

  it('toggles each password field on its own', async () => {
    const { user } = await renderRoute('/userlogin')
    await user.click(within(await signInPanel()).getByRole('button', { name: 'Sign Up' }))
    await user.click(await screen.findByRole('button', { name: 'Continue with Email' }))
    const password = screen.getByLabelText('Password')
    const confirm = screen.getByLabelText('Confirm Password')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    expect(confirm).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }))
    expect(confirm).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('signs up by e-mail with the sign-up prompt, checks the confirmation and rejects a taken address', async () => {
    mockAccounts.addUser('taken@example.com', 'whatever1')
    const { user, router } = await renderRoute('/userlogin?loginfrom=cover&redirect=%2Fcoverletter')
    await user.click(within(await signInPanel()).getByRole('button', { name: 'Sign Up' }))
    const signUp = await screen.findByRole('region', { name: 'Sign up' })
    expect(within(signUp).getByRole('heading', { name: 'Sign up for Waypoint' })).toBeInTheDocument()
    expect(within(signUp).getByText('Sign up for Waypoint to save your cover letter.')).toBeInTheDocument()
    expect(signUp).toHaveTextContent(
      'By registering, you agree to our Terms and Conditions, Privacy Policy, Cookie Policy, and GDPR Compliance Statement.',
    )
    await user.click(within(signUp).getByRole('button', { name: 'Continue with Email' }))

    const panel = await screen.findByRole('region', { name: 'Sign up with email' })
    expect(panel).toHaveTextContent('We promise not to post on your timeline.')
    expect(within(panel).getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument()
    const submit = within(panel).getByRole('button', { name: 'Sign up & Next' })
    await user.click(submit)
    expect(await within(panel).findByText('Confirm Password is required')).toBeInTheDocument()

    await user.type(within(panel).getByRole('textbox', { name: 'Email' }), 'taken@example.com')
    await user.type(within(panel).getByLabelText('Password'), 'secret-one')
    await user.type(within(panel).getByLabelText('Confirm Password'), 'secret-two')
    await user.tab()
    expect(await within(panel).findByText('Passwords must match')).toBeInTheDocument()
    await user.clear(within(panel).getByLabelText('Confirm Password'))
    await user.type(within(panel).getByLabelText('Confirm Password'), 'secret-one')
    await user.click(submit)
    expect(await within(panel).findByText('An account with this email already exists. Sign in instead, or reset your password.')).toBeInTheDocument()

    const email = within(panel).getByRole('textbox', { name: 'Email' })
    await user.clear(email)
    await user.type(email, 'new@example.com')
    await user.click(submit)
    await waitFor(() => expect(router.state.location.pathname).toBe('/coverletter'))
    expect(authStore.get().userData?.email).toBe('new@example.com')
  })

  it('forgot password: spinner, 3-second confirmation and a cleared field', async () => {
    const { user } = await renderRoute('/userlogin')
    await user.click(within(await signInPanel()).getByRole('button', { name: 'Forgot your password?' }))
    const panel = await screen.findByRole('region', { name: 'Forgot password' })
    expect(within(panel).getByRole('heading', { name: 'Forgot Password?' })).toBeInTheDocument()
    expect(panel).toHaveTextContent('Fill in the email address you used to create your account.')
    const email = within(panel).getByRole('textbox', { name: 'Email' })
    expect(email).toHaveAttribute('type', 'email')
    await user.type(email, 'someone@example.com')
    await user.click(within(panel).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByRole('dialog', { name: 'Check your inbox' })).toHaveTextContent(
      'We have sent you an email with the password reset link.',
    )
    expect(within(await screen.findByRole('region', { name: 'Forgot password' })).getByRole('textbox', { name: 'Email' })).toHaveValue('')

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check your inbox' })).not.toBeInTheDocument(), { timeout: 5000 })
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }))
    expect(await signInPanel()).toBeInTheDocument()
  })

  it('after sign-in from the home page goes to / with actived', async () => {
    mockAccounts.addUser('ana@example.com', 'correct-horse')
    const { user, router } = await renderRoute('/userlogin?loginfrom=homepage&redirect=%2F')
    const panel = await signInPanel()
    await user.type(within(panel).getByRole('textbox', { name: 'Email' }), 'ana@example.com')
    await user.type(within(panel).getByLabelText('Password'), 'correct-horse{Enter}')
    await waitFor(() => expect(router.state.location.search).toEqual({ actived: true }))
    expect(router.state.location.pathname).toBe('/')
  })

  it('after sign-in from the library goes to the redirect with playerActive', async () => {
    mockAccounts.addUser('ana@example.com', 'correct-horse')
    const { user, router } = await renderRoute('/userlogin?loginfrom=library&redirect=%2Flibrary')
    const panel = await signInPanel()
    await user.type(within(panel).getByRole('textbox', { name: 'Email' }), 'ana@example.com')
    await user.type(within(panel).getByLabelText('Password'), 'correct-horse{Enter}')
    await waitFor(() => expect(router.state.location.href).toBe('/library?playerActive=true'))
  })
})

describe('top bar sign-in dialog', () => {
  it('opens on the login panel, and signing in without a redirect reloads the remembered page', async () => {
    mockAccounts.addUser('ana@example.com', 'correct-horse')
    const { user } = await renderRoute('/salary')
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign In to Your Account' })
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ana@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'correct-horse{Enter}')
    await waitFor(() => expect(fullPageLoad.mock.calls).toEqual([['/salary']]))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('closes on Escape and a second opening starts at the login panel again', async () => {
    const { user } = await renderRoute('/')
    const open = await screen.findByRole('button', { name: 'Sign in' })
    await user.click(open)
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('dialog', { name: 'Sign up for Waypoint' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(open)
    expect(await screen.findByRole('dialog', { name: 'Sign In to Your Account' })).toBeInTheDocument()
  })
})

describe('signed-in user', () => {
  async function signIn(email: string) {
    mockAccounts.addUser(email, 'correct-horse')
    const response = await fetch(`${location.origin}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse' }),
    })
    authStore.signedIn(await response.json())
  }

  it('sees the account menu with e-mail, messages, Dashboard, Settings and Sign out; sign-out from /salary stays on /salary', async () => {
    await signIn('ana@example.com')
    const { user } = await renderRoute('/salary')
    await user.click(await screen.findByRole('button', { name: 'Account menu' }))
    const menu = await screen.findByRole('menu')
    expect(menu).toHaveTextContent('ana@example.com')
    expect(menu).toHaveTextContent('No new messages')
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/userauth/profile')
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/userauth/settings')

    localStorage.setItem('something-else', 'x')
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }))
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/salary'))
    expect(authStore.isLoggedIn()).toBe(false)
    expect(localStorage.getItem('something-else')).toBeNull()
    expect(document.cookie).not.toContain('accessToken=')
  })

  it('burger menu cuts a long e-mail to 19 characters and an ellipsis', async () => {
    await signIn('a.very.long.address@example.com')
    const { user } = await renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Open menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    expect(within(menu).getByRole('heading', { name: 'a.very.long.address…' })).toBeInTheDocument()
    expect(menu).toHaveTextContent('No new messages')
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
  })

  it('an expired access token is refreshed once for concurrent calls and the calls are retried', async () => {
    await signIn('ana@example.com')
    const before = authStore.get().userData!
    let refreshes = 0
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/users/refresh')) refreshes += 1
    })
    mockAccounts.expireAccess()

    const me = () => callApi((api) => api.get('users/me').json<{ email: string }>())
    const [first, second] = await Promise.all([me(), me()])
    expect([first.email, second.email]).toEqual(['ana@example.com', 'ana@example.com'])
    expect(refreshes).toBe(1)
    expect(authStore.get().userData?.access).not.toBe(before.access)
    expect(document.cookie).toContain(`accessToken=${encodeURIComponent(authStore.get().userData!.access)}`)
    server.events.removeAllListeners()
  })

  it('a failed refresh logs "error on refresh token", signs out and rejects', async () => {
    await signIn('ana@example.com')
    server.use(
      http.post('*/api/users/refresh', () => HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 })),
    )
    mockAccounts.expireAccess()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(callApi((api) => api.get('users/me').json())).rejects.toBeTruthy()
    expect(log).toHaveBeenCalledWith('error on refresh token')
    expect(authStore.isLoggedIn()).toBe(false)
    log.mockRestore()
  })
})
