import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { contactMessages } from '~contract/contact.ts'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'

/** Route components load lazily; allow for a busy machine. */
const slow = { timeout: 5000 }

async function contactForm() {
  const form = await screen.findByRole('form', { name: 'Contact Waypoint' }, slow)
  const scope = within(form)
  return {
    form,
    name: scope.getByRole('textbox', { name: 'Name' }),
    email: scope.getByRole('textbox', { name: 'Email' }),
    topic: scope.getByRole('combobox', { name: 'Topic' }),
    message: scope.getByRole('textbox', { name: 'Message' }),
    submit: scope.getByRole('button', { name: 'Send message' }),
  }
}

type Fields = Awaited<ReturnType<typeof contactForm>>
type User = Awaited<ReturnType<typeof renderRoute>>['user']

async function fillIn(user: User, fields: Fields, message = 'How do I save my resume to my account?') {
  await user.type(fields.name, 'Ana Lima')
  await user.type(fields.email, 'ana@example.com')
  await user.selectOptions(fields.topic, 'account')
  await user.type(fields.message, message)
}

describe('contact form', () => {
  it('renders on /contact-us with the page title and the other ways to reach us', async () => {
    await renderRoute('/contact-us')
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' }, slow)).toBeInTheDocument()
    const main = within(screen.getByRole('main'))
    const fields = await contactForm()
    expect(
      within(fields.topic)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['General question', 'My account', 'Articles and tools', 'Privacy and my data', 'Schools and partnerships'])
    expect(main.getByRole('link', { name: 'support@waypoint.careers' })).toHaveAttribute('href', 'mailto:support@waypoint.careers')
    expect(main.getByRole('link', { name: 'privacy@waypoint.careers' })).toBeInTheDocument()
    expect(main.getByRole('link', { name: 'GDPR Compliance Statement' })).toHaveAttribute('href', '/gdpr-compliance-statement')
  })

  it('validates on blur: empty name is required, a bad e-mail is invalid', async () => {
    const { user } = await renderRoute('/contact-us')
    const { form, name, email } = await contactForm()

    await user.click(name)
    await user.tab()
    expect(await within(form).findByText('Name is required')).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')

    await user.type(email, 'not-an-address')
    await user.tab()
    expect(await within(form).findByText('Email is invalid')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')

    // Once an error shows, fixing the value clears it while typing, before the next blur.
    await user.type(name, 'Ana')
    await waitFor(() => expect(within(form).queryByText('Name is required')).not.toBeInTheDocument())
    expect(name).not.toHaveAttribute('aria-invalid')
  })

  it('validates every field on submit and sends nothing when invalid', async () => {
    let calls = 0
    server.use(
      http.post('*/api/users/contact-us', () => {
        calls += 1
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    const { user } = await renderRoute('/contact-us')
    const { form, submit } = await contactForm()

    await user.click(submit)
    expect(await within(form).findByText('Name is required')).toBeInTheDocument()
    expect(within(form).getByText('Email is required')).toBeInTheDocument()
    expect(within(form).getByText('Message is required')).toBeInTheDocument()
    expect(calls).toBe(0)
  })

  it('counts the characters of the message', async () => {
    const { user } = await renderRoute('/contact-us')
    const { form, message } = await contactForm()
    expect(within(form).getByText(/^0 \/ 4000/)).toBeInTheDocument()
    await user.type(message, 'Hello there')
    expect(within(form).getByText(/^11 \/ 4000/)).toBeInTheDocument()
  })

  it('shows the confirmation after a valid submit, and "Send another message" brings back an empty form', async () => {
    const { user } = await renderRoute('/contact-us')
    const fields = await contactForm()
    await fillIn(user, fields)
    await user.click(fields.submit)

    const status = await screen.findByRole('status', {}, slow)
    expect(status).toHaveTextContent(contactMessages.success)
    expect(screen.queryByRole('form', { name: 'Contact Waypoint' })).not.toBeInTheDocument()

    await user.click(within(status).getByRole('button', { name: 'Send another message' }))
    const fresh = await contactForm()
    expect(fresh.name).toHaveValue('')
    expect(fresh.email).toHaveValue('')
    expect(fresh.topic).toHaveValue('general')
    expect(fresh.message).toHaveValue('')
    expect(within(fresh.form).queryByText('Name is required')).not.toBeInTheDocument()
    await waitFor(() => expect(fresh.name).toHaveFocus())
  })

  it('shows a server failure in an alert and keeps what the user typed', async () => {
    server.use(http.post('*/api/users/contact-us', () => HttpResponse.json({ detail: 'Too many messages. Try again in a minute.' }, { status: 429 })))
    const { user } = await renderRoute('/contact-us')
    const fields = await contactForm()
    const text = 'Is the cover letter builder free to use?'
    await fillIn(user, fields, text)
    await user.click(fields.submit)

    const alert = await within(fields.form).findByRole('alert', {}, slow)
    expect(alert).toHaveTextContent('Too many messages. Try again in a minute.')
    expect(fields.name).toHaveValue('Ana Lima')
    expect(fields.email).toHaveValue('ana@example.com')
    expect(fields.topic).toHaveValue('account')
    expect(fields.message).toHaveValue(text)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(fields.submit).toBeEnabled()
  })

  it("shows the server's field errors under the fields", async () => {
    server.use(http.post('*/api/users/contact-us', () => HttpResponse.json({ email: ['This address cannot receive mail.'] }, { status: 400 })))
    const { user } = await renderRoute('/contact-us')
    const fields = await contactForm()
    await fillIn(user, fields)
    await user.click(fields.submit)

    expect(await within(fields.form).findByText('This address cannot receive mail.', {}, slow)).toBeInTheDocument()
    expect(fields.email).toHaveAttribute('aria-invalid', 'true')
    expect(fields.email).toHaveAccessibleDescription('This address cannot receive mail.')
    expect(fields.email).toHaveValue('ana@example.com')

    // Editing the field clears the server's verdict.
    await user.type(fields.email, 'x')
    await waitFor(() => expect(within(fields.form).queryByText('This address cannot receive mail.')).not.toBeInTheDocument())
  })
})
