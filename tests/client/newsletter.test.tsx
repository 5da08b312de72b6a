import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'

async function newsletterForm() {
  const footer = await screen.findByRole('contentinfo')
  const form = within(footer).getByRole('form', { name: 'Newsletter' })
  return { form, email: within(form).getByRole('textbox', { name: 'Email address' }), submit: within(form).getByRole('button', { name: 'Subscribe' }) }
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
