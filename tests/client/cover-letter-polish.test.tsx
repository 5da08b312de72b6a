// 'Polish with AI' on the letter step against the msw cover-letter handlers: shown only to
// signed-in users when the server has an AI provider; the rewrite replaces the part and can be undone.

import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { authStore } from '@/features/auth'
import { setCoverLetterStore } from '@/features/cover-letter/draft-store'
import { draftDatabases, idbStorage } from '@/features/documents'
import { mockPolish } from '../../mocks/cover-letter-handlers'
import { mockAccounts } from '../../mocks/node'
import { renderRoute } from './support/render'

const account = { email: 'ana@example.com', password: 'first-secret' }

async function signIn() {
  mockAccounts.addUser(account.email, account.password)
  const response = await fetch(`${location.origin}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  })
  authStore.signedIn((await response.json()) as { email: string; access: string; refresh: string })
}

/** A draft already on the letter step: Ana, applying to Acme as a Registered Nurse. */
async function letterDraft() {
  const data = emptyCoverLetterData()
  data.you = { ...data.you, firstName: 'Ana', lastName: 'Lopez' }
  data.recipient = { ...data.recipient, company: 'Acme' }
  data.job = { ...data.job, title: 'Registered Nurse' }
  data.strengths = ['reliability']
  data.visited = ['you', 'recipient', 'job', 'strengths', 'background', 'experience', 'work-style', 'gap', 'letter']
  await idbStorage(draftDatabases.coverLetter).write({
    currentId: 'c1',
    drafts: [
      { id: 'c1', title: 'Acme letter', data, step: 'letter', serverId: null, serverVersion: null, dirty: true, updatedAt: new Date().toISOString() },
    ],
  })
}

beforeEach(async () => {
  setCoverLetterStore(null)
  await idbStorage(draftDatabases.coverLetter).clear()
  await idbStorage(draftDatabases.resume).clear()
  await letterDraft()
})

describe('cover letter: Polish with AI', () => {
  it('offers no polish buttons to guests, even with a provider', async () => {
    mockPolish.available = true
    await renderRoute('/coverletter')
    await screen.findByLabelText('Body')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(mockPolish.checks).toBe(0)
    expect(screen.queryByRole('button', { name: /with AI/ })).not.toBeInTheDocument()
  })

  it('offers no polish buttons to a signed-in user when no provider is configured', async () => {
    await signIn()
    await renderRoute('/coverletter')
    await screen.findByLabelText('Body')
    // The availability check has been answered (unavailable) before we look.
    await waitFor(() => expect(mockPolish.checks).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: /with AI/ })).not.toBeInTheDocument()
  })

  it('rewrites the body, names the provider, sends the facts, and undo brings the generated text back', async () => {
    mockPolish.available = true
    mockPolish.delayMs = 30
    mockPolish.answer = () => ({ text: 'Polished body about nursing at Acme.' })
    await signIn()
    const { user } = await renderRoute('/coverletter')
    const body = await screen.findByLabelText('Body')
    const generated = (body as HTMLTextAreaElement).value
    expect(generated).not.toBe('')

    const button = await screen.findByRole('button', { name: 'Polish the body with AI' })
    for (const part of ['greeting', 'subject', 'opening', 'call to action']) {
      expect(screen.getByRole('button', { name: `Polish the ${part} with AI` })).toBeInTheDocument()
    }
    await user.click(button)
    // While it works the button is busy (spinner) and cannot be pressed again.
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(button).toBeDisabled()

    await waitFor(() => expect(screen.getByLabelText('Body')).toHaveValue('Polished body about nursing at Acme.'))
    expect(screen.getByRole('article', { name: 'Cover letter preview' })).toHaveTextContent('Polished body about nursing at Acme.')
    expect(screen.getByText(/Rewritten by mock-model via ai\.example/)).toHaveAttribute('role', 'status')

    expect(mockPolish.requests).toHaveLength(1)
    const [sent] = mockPolish.requests
    expect(sent!.part).toBe('body')
    expect(sent!.text).toBe(generated.trim())
    expect(sent!.facts).toEqual(expect.arrayContaining(['Applicant: Ana Lopez', 'Company: Acme', 'Job: Registered Nurse']))

    await user.click(screen.getByRole('button', { name: 'Undo polish of the body' }))
    expect(screen.getByLabelText('Body')).toHaveValue(generated)
    expect(screen.queryByRole('button', { name: 'Undo polish of the body' })).not.toBeInTheDocument()
  })

  it('keeps the text and shows the error when the provider fails', async () => {
    mockPolish.available = true
    mockPolish.answer = () => ({ status: 502, detail: 'The AI provider did not answer. Your text is unchanged.' })
    await signIn()
    const { user } = await renderRoute('/coverletter')
    const opener = await screen.findByLabelText('Opening')
    const before = (opener as HTMLTextAreaElement).value
    await user.click(await screen.findByRole('button', { name: 'Polish the opening with AI' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The AI provider did not answer. Your text is unchanged.')
    expect(screen.getByLabelText('Opening')).toHaveValue(before)
    expect(within(alert.parentElement!).queryByRole('button', { name: /Undo polish/ })).not.toBeInTheDocument()
  })
})
