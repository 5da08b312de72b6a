import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { authStore } from '@/features/auth'
import { renderRoute } from './support/render'

describe('gate helper on an action', () => {
  it('sends a guest from /resume to /userlogin with loginfrom=resume and the way back', async () => {
    const { user, router } = await renderRoute('/resume')
    await user.click(await screen.findByRole('button', { name: 'Sign in to save your resume' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/userlogin'))
    expect(router.state.location.search).toEqual({ loginfrom: 'resume', redirect: '/resume' })
    expect(await screen.findByText('Sign in to save your resume.')).toBeInTheDocument()
  })

  it('lets a signed-in user through', async () => {
    authStore.signedIn({ email: 'ana@example.com', access: 'a', refresh: 'r' })
    await renderRoute('/coverletter')
    expect(await screen.findByText('You are signed in as ana@example.com: your cover letter will be saved to your account.')).toBeInTheDocument()
  })
})
