// Opening a document saved to the account in its builder (`/resume?open=<id>`, the dashboard's
// links), against the msw handlers: the copy becomes the current draft, a draft with unsaved
// changes is never overwritten, a copy that is gone or a network failure says so.

import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { emptyCoverLetterData, type StoredCoverLetter } from '~contract/cover-letter.ts'
import { emptyResumeData, type ResumeData, type StoredResume } from '~contract/resume.ts'
import { setCoverLetterStore } from '@/features/cover-letter/draft-store'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import type { ResumeDraft } from '@/features/resume/model'
import { draftDatabases, idbStorage } from '@/features/documents'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'
import { signInMockAccount } from './support/sign-in'

const slow = { timeout: 5000 }
const account = { email: 'ana@example.com', password: 'first-secret' }
let access = ''

beforeEach(async () => {
  setDraftStore(null)
  setCoverLetterStore(null)
  await idbDraftStorage.clear()
  await idbStorage(draftDatabases.coverLetter).clear()
})

async function signIn() {
  access = await signInMockAccount(account)
}

/** The account's API as another device of the same user sees it. */
async function api<T>(path: string, method: string, body: unknown): Promise<T> {
  const response = await fetch(`${location.origin}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify(body),
  })
  expect(response.ok).toBe(true)
  return (await response.json()) as T
}

const resumeData = (firstName: string): ResumeData => {
  const data = emptyResumeData()
  return { ...data, heading: { ...data.heading, firstName, jobTitle: 'Product designer' } }
}
const saveResume = (title: string, firstName: string) =>
  api<StoredResume>('resumes', 'POST', { title, template: 'cool', data: resumeData(firstName) })

const localDraft = (fields: Partial<ResumeDraft>): ResumeDraft => ({
  id: crypto.randomUUID(),
  title: 'My resume',
  data: emptyResumeData(),
  step: 'heading',
  serverId: null,
  serverVersion: null,
  dirty: false,
  updatedAt: new Date().toISOString(),
  ...fields,
})

const draftTitles = () =>
  within(screen.getByLabelText('Resume'))
    .getAllByRole('option')
    .map((option) => option.textContent)

describe('opening a saved resume with ?open=', () => {
  it('on a new device, the account copy becomes the draft, its title shows and `open` leaves the address', async () => {
    await signIn()
    const saved = await saveResume('Product designer', 'Ana')
    const { router } = await renderRoute(`/resume?open=${saved.id}`)

    expect(await screen.findByText('Opened “Product designer” from your account.', {}, slow)).toHaveAttribute('role', 'status')
    expect(screen.getByLabelText('First name')).toHaveValue('Ana')
    expect(screen.getByLabelText('Resume name')).toHaveValue('Product designer')
    // The empty draft a new device starts with is not kept beside it.
    expect(draftTitles()).toEqual(['Product designer'])
    expect(screen.getByLabelText('Resume')).toHaveDisplayValue('Product designer')
    // Tied to the account copy: the next save is an update, not a second resume.
    expect(screen.getByRole('button', { name: 'Save now' })).toBeInTheDocument()
    expect(screen.getByText('Saved to your account')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.href).toBe('/resume'))
    expect(router.state.location.search).toEqual({})
  })

  it('keeps a draft of this resume with unsaved changes, switches to it and says so', async () => {
    await signIn()
    const saved = await saveResume('Product designer', 'Ana')
    // Another device saved a newer version since this browser last saved.
    await api<StoredResume>(`resumes/${saved.id}`, 'PUT', { title: 'Product designer', template: 'cool', data: resumeData('Anna'), version: 1 })
    const other = localDraft({ title: 'Teacher', data: resumeData('Tess') })
    const mine = localDraft({ title: 'Product designer', data: resumeData('Ana María'), serverId: saved.id, serverVersion: 1, dirty: true })
    await idbDraftStorage.write({ currentId: other.id, drafts: [other, mine] })

    const { router, user } = await renderRoute(`/resume?open=${saved.id}`)
    expect(
      await screen.findByText('Opened “Product designer”. This device has changes to it that are not in your account yet; they are kept.', {}, slow),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveValue('Ana María')
    expect(draftTitles()).toEqual(['Teacher', 'Product designer'])
    expect(screen.getByLabelText('Resume')).toHaveDisplayValue('Product designer')
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    // The other draft is untouched.
    await user.selectOptions(screen.getByLabelText('Resume'), 'Teacher')
    expect(screen.getByLabelText('First name')).toHaveValue('Tess')
  })

  it('brings a draft of this resume without local changes up to the account copy, without a duplicate', async () => {
    await signIn()
    const saved = await saveResume('Product designer', 'Ana')
    await api<StoredResume>(`resumes/${saved.id}`, 'PUT', {
      title: 'Senior product designer',
      template: 'cool',
      data: resumeData('Anna'),
      version: 1,
    })
    const mine = localDraft({ title: 'Product designer', data: resumeData('Ana'), serverId: saved.id, serverVersion: 1 })
    const other = localDraft({ title: 'Teacher', data: resumeData('Tess'), dirty: true })
    await idbDraftStorage.write({ currentId: other.id, drafts: [mine, other] })

    await renderRoute(`/resume?open=${saved.id}`)
    expect(await screen.findByText('Opened “Senior product designer” from your account.', {}, slow)).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveValue('Anna')
    expect(draftTitles()).toEqual(['Senior product designer', 'Teacher'])
  })

  it('a resume that is no longer in the account says so and leaves the current draft alone', async () => {
    await signIn()
    const saved = await saveResume('Product designer', 'Ana')
    await fetch(`${location.origin}/api/resumes/${saved.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${access}` } })
    const current = localDraft({ title: 'Teacher', data: resumeData('Tess'), dirty: true })
    await idbDraftStorage.write({ currentId: current.id, drafts: [current] })

    const { router } = await renderRoute(`/resume?open=${saved.id}`)
    const alert = await screen.findByRole('alert', {}, slow)
    expect(alert).toHaveTextContent('This resume is no longer in your account.')
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveValue('Tess')
    expect(draftTitles()).toEqual(['Teacher'])
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('offline, says to check the connection; "Try again" opens it once the network is back', async () => {
    await signIn()
    const saved = await saveResume('Product designer', 'Ana')
    let down = true
    server.use(http.get('*/api/resumes/:id', () => (down ? HttpResponse.error() : undefined)))

    const { router, user } = await renderRoute(`/resume?open=${saved.id}`)
    const alert = await screen.findByRole('alert', {}, slow)
    expect(alert).toHaveTextContent('We could not reach Waypoint to open your resume. Check your connection, then try again.')
    expect(screen.getByLabelText('First name')).toHaveValue('')
    // `open` stays, so a reload tries again too.
    expect(router.state.location.search).toEqual({ open: saved.id })

    down = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Opened “Product designer” from your account.', {}, slow)).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveValue('Ana')
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('asks a guest to sign in first and brings them back to open it', async () => {
    const id = crypto.randomUUID()
    const { router, user } = await renderRoute(`/resume?open=${id}`)
    expect(await screen.findByText(/Sign in to open this resume from your account\./, {}, slow)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign in to open it' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/userlogin'))
    expect(router.state.location.search).toEqual({ loginfrom: 'resume', redirect: `/resume?open=${id}` })
  })

  it('ignores an `open` that is not a resume id', async () => {
    await signIn()
    const { router } = await renderRoute('/resume?open=not-an-id')
    expect(await screen.findByLabelText('First name', {}, slow)).toHaveValue('')
    expect(router.state.location.search).toEqual({})
    expect(screen.queryByText(/from your account/)).not.toBeInTheDocument()
  })
})

describe('opening a saved cover letter with ?open=', () => {
  it('the account copy becomes the current letter, beside the letter already on this device', async () => {
    await signIn()
    const data = emptyCoverLetterData()
    const saved = await api<StoredCoverLetter>('cover-letters', 'POST', {
      title: 'Letter to Acme',
      template: 'cool',
      data: { ...data, you: { ...data.you, firstName: 'Ana' } },
    })
    const storage = idbStorage(draftDatabases.coverLetter)
    const here = {
      id: crypto.randomUUID(),
      title: 'My cover letter',
      data: { ...data, you: { ...data.you, firstName: 'Tess' } },
      step: 'you',
      serverId: null,
      serverVersion: null,
      dirty: true,
      updatedAt: new Date().toISOString(),
    }
    await storage.write({ currentId: here.id, drafts: [here] })

    const { router, user } = await renderRoute(`/coverletter?open=${saved.id}`)
    expect(await screen.findByText('Opened “Letter to Acme” from your account.', {}, slow)).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveValue('Ana')
    const letters = screen.getByLabelText('Cover letter')
    expect(
      within(letters)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['My cover letter', 'Letter to Acme'])
    expect(letters).toHaveDisplayValue('Letter to Acme')
    await waitFor(() => expect(router.state.location.search).toEqual({}))

    await user.selectOptions(letters, 'My cover letter')
    expect(screen.getByLabelText('First name')).toHaveValue('Tess')
  })
})
