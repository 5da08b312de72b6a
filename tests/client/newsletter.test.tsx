import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { newsletterMessages } from '~contract/newsletter.ts'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'

async function newsletterForm() {
  const footer = await screen.findByRole('contentinfo')
  const form = within(footer).getByRole('form', { name: 'Newsletter' })
  return {
    form,
    email: within(form).getByRole('textbox', { name: 'Email address' }),
    submit: within(form).getByRole('button', { name: 'Subscribe' }),
  }
}

describe('newsletter subscribe', () => {
  it('validates on blur: required, then invalid', async () => {
    const { user } = await renderRoute('/')
    const { email, form } = await newsletterForm()

    await user.click(email)
    await user.tab()
    expect(await within(form).findByText('Email is required')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')

    await user.type(email, 'not-an-address')
    await user.tab()
    expect(await within(form).findByText('Email is invalid')).toBeInTheDocument()

    await user.clear(email)
    await user.type(email, 'ana@example.com')
    await user.tab()
    await waitFor(() => expect(within(form).queryByText('Email is invalid')).not.toBeInTheDocument())
    expect(email).not.toHaveAttribute('aria-invalid')
  })

  it('does not send an empty form', async () => {
    let calls = 0
    server.use(
      http.post('*/api/users/contact-us/subscribe', () => {
        calls += 1
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    const { user } = await renderRoute('/')
    const { submit, form } = await newsletterForm()
    await user.click(submit)
    expect(await within(form).findByText('Email is required')).toBeInTheDocument()
    expect(calls).toBe(0)
  })

  it('confirms for 3 seconds and resets the form; a repeat shows the duplicate error for 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { user } = await renderRoute('/')
      const { email, submit } = await newsletterForm()

      await user.type(email, ' Ana@Example.com ')
      await user.click(submit)
      const success = await screen.findByRole('dialog')
      expect(success).toHaveTextContent('Thank you, your email has been registered in our mailing list.')
      expect(email).toHaveValue('')

      await act(() => vi.advanceTimersByTimeAsync(2900))
      expect(screen.getByRole('dialog')).toBeInTheDocument()
      await act(() => vi.advanceTimersByTimeAsync(200))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

      await user.type(email, 'ana@example.com')
      await user.click(submit)
      const failure = await screen.findByRole('alertdialog')
      expect(failure).toHaveTextContent('This email address already exists in our mailing list.')
      expect(email).toHaveValue('ana@example.com')

      await act(() => vi.advanceTimersByTimeAsync(9800))
      expect(screen.getByRole('alertdialog')).toBeInTheDocument()
      await act(() => vi.advanceTimersByTimeAsync(300))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    } finally {
      vi.useRealTimers()
    }
  })

  it('explains a network failure and keeps the address', async () => {
    server.use(http.post('*/api/users/contact-us/subscribe', () => HttpResponse.error()))
    const { user } = await renderRoute('/')
    const { email, submit } = await newsletterForm()
    await user.type(email, 'ben@example.com')
    await user.click(submit)
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('We could not reach Waypoint. Check your connection and try again.')
    expect(email).toHaveValue('ben@example.com')
  })
})

describe('newsletter links (double opt-in, one-click unsubscribe)', () => {
  it('the success dialog keeps the spec text and asks to confirm from the inbox', async () => {
    const { user } = await renderRoute('/')
    const { email, submit } = await newsletterForm()
    await user.type(email, 'nguyen@example.com')
    await user.click(submit)
    const dialog = await screen.findByRole('dialog', { name: 'Check your inbox to confirm' })
    expect(dialog).toHaveTextContent('Thank you, your email has been registered in our mailing list.')
  })

  it('the confirmation page follows the link once and says the address is on the list', async () => {
    const tokens: string[] = []
    server.use(
      http.post('*/api/newsletter/confirm', async ({ request }) => {
        tokens.push(((await request.json()) as { token: string }).token)
        return HttpResponse.json({ email: 'łucja@example.com', detail: newsletterMessages.confirmed })
      }),
    )
    await renderRoute('/newsletter/confirm?token=abcDEF123_-abcDEF123')
    expect(await screen.findByRole('heading', { level: 2, name: 'Subscription confirmed' })).toBeInTheDocument()
    expect(screen.getByText('łucja@example.com')).toBeInTheDocument()
    expect(screen.getByText(newsletterMessages.confirmed)).toBeInTheDocument()
    expect(tokens).toEqual(['abcDEF123_-abcDEF123'])
  })

  it('an expired confirmation link says what to do', async () => {
    server.use(http.post('*/api/newsletter/confirm', () => HttpResponse.json({ token: [newsletterMessages.confirmLinkInvalid] }, { status: 400 })))
    await renderRoute('/newsletter/confirm?token=oldLINK456_-oldLINK456')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This link cannot be used')
    expect(alert).toHaveTextContent(newsletterMessages.confirmLinkInvalid)
    // The notice takes focus when it appears (re-queried: a slow route may mount it again).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus())
  })

  it('the unsubscribe page ends the subscription in one click and confirms it; a used link says there is nothing more to do', async () => {
    let calls = 0
    server.use(
      http.post('*/api/newsletter/unsubscribe', async ({ request }) => {
        calls += 1
        const { token } = (await request.json()) as { token: string }
        if (token !== 'tok_live_1234567890ab') return HttpResponse.json({ detail: newsletterMessages.unsubscribeLinkUnknown }, { status: 404 })
        return HttpResponse.json({ email: 'ana@example.com', detail: newsletterMessages.unsubscribed })
      }),
    )
    const first = await renderRoute('/newsletter/unsubscribe?token=tok_live_1234567890ab')
    expect(await screen.findByRole('heading', { level: 2, name: 'You are unsubscribed' })).toBeInTheDocument()
    expect(screen.getByText(newsletterMessages.unsubscribed)).toBeInTheDocument()
    expect(screen.getByText('Changed your mind? Subscribe again with the form at the bottom of this page.')).toBeInTheDocument()
    expect(calls).toBe(1)
    first.unmount()

    await renderRoute('/newsletter/unsubscribe?token=tok_used_1234567890ab')
    expect(await screen.findByRole('alert')).toHaveTextContent(newsletterMessages.unsubscribeLinkUnknown)
  })

  it('a link without its token asks for the mailed link', async () => {
    await renderRoute('/newsletter/unsubscribe')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is incomplete. Open the link at the end of one of our newsletters.',
    )
  })
})
