// The builders at the account's limits (issue 19, point 4): the 101st resume or cover letter,
// and too many saves a minute. The server's answers (server/routes/owned-documents.ts) are
// played by msw; the builders must say what to do, and the work stays on the device.

import 'fake-indexeddb/auto'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { rateLimitMessages } from '~contract/auth.ts'
import { coverLetterMessages } from '~contract/cover-letter.ts'
import { DOCUMENTS_PER_ACCOUNT, resumeMessages } from '~contract/resume.ts'
import { idbCoverLetterStorage, setCoverLetterStore } from '@/features/cover-letter/draft-store'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import { liveDrafts, unsealDrafts } from '@/features/documents'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'
import { signInMockAccount } from './support/sign-in'

beforeEach(async () => {
  unsealDrafts()
  // The previous test's builders write out what they hold first: nothing lands after the clear.
  for (const live of liveDrafts.values()) await live.flush()
  liveDrafts.clear()
  await idbDraftStorage.clear()
  await idbCoverLetterStorage.clear()
  setDraftStore(null)
  setCoverLetterStore(null)
  await signInMockAccount({ email: 'ana@example.com', password: 'correct-horse' })
})

const full = (collection: string, detail: string) => http.post(`*/api/${collection}`, () => HttpResponse.json({ detail }, { status: 403 }))
const tooFast = (collection: string, seconds: number) =>
  http.post(`*/api/${collection}`, () =>
    HttpResponse.json({ detail: rateLimitMessages.documentWrites(seconds) }, { status: 429, headers: { 'Retry-After': String(seconds) } }),
  )

describe('the builders at the account limits', () => {
  it('resume builder: a full account (100 resumes) is told to delete one from the dashboard; the resume stays on the device', async () => {
    server.use(full('resumes', resumeMessages.quota(DOCUMENTS_PER_ACCOUNT)))
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('First name'), 'Łucja')
    await user.click(screen.getByRole('button', { name: 'Save to account' }))

    expect(
      await screen.findByText(
        'Your account already keeps 100 resumes, the most it can. Delete one you no longer need from your dashboard, then save this one again.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveValue('Łucja')
    expect(screen.getByRole('button', { name: 'Save to account' })).toBeEnabled()
  })

  it('resume builder: too many saves a minute says the work is kept and when to try again', async () => {
    server.use(tooFast('resumes', 45))
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('First name'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Save to account' }))

    expect(
      await screen.findByText('You are saving faster than we can keep up with. Your work is kept on this device; try saving again in 1 minute.'),
    ).toBeInTheDocument()
  })

  it('cover-letter builder: a full account (100 cover letters) is told to delete one from the dashboard', async () => {
    server.use(full('cover-letters', coverLetterMessages.quota(DOCUMENTS_PER_ACCOUNT)))
    const { user } = await renderRoute('/coverletter')
    await user.type(await screen.findByLabelText('First name'), 'Ана')
    await user.click(screen.getByRole('button', { name: 'Save to account' }))

    expect(
      await screen.findByText(
        'Your account already keeps 100 cover letters, the most it can. Delete one you no longer need from your dashboard, then save this one again.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveValue('Ана')
  })

  it('cover-letter builder: too many saves a minute says when to try again', async () => {
    server.use(tooFast('cover-letters', 130))
    const { user } = await renderRoute('/coverletter')
    await user.type(await screen.findByLabelText('First name'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Save to account' }))

    expect(await screen.findByText(rateLimitMessages.documentWrites(130))).toHaveTextContent('try saving again in 3 minutes.')
  })
})
