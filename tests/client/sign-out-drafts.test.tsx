// Sign-out on a shared computer (issue 19, point 7): the signed-in user's resumes and cover
// letters leave the browser once they are in the account; unsaved changes are first saved or
// discarded as the user chooses, or sign-out is cancelled. Drafts are seeded in (fake) IndexedDB
// as the builders keep them; the account is the msw mock of the API.

import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyCoverLetterData, type StoredCoverLetter } from '~contract/cover-letter.ts'
import { DOCUMENTS_PER_ACCOUNT, emptyResumeData, resumeMessages, type StoredResume } from '~contract/resume.ts'
import { authStore } from '@/features/auth'
import { browserNavigation } from '@/lib/browser-navigation'
import { setDraftStore } from '@/features/resume/draft-store'
import { draftDatabases, idbStorage, liveDrafts, unsealDrafts, type Draft } from '@/features/documents'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'
import { signInMockAccount } from './support/sign-in'

const fullPageLoad = vi.fn()
const resumes = idbStorage<Draft<unknown, string>>(draftDatabases.resume)
const letters = idbStorage<Draft<unknown, string>>(draftDatabases.coverLetter)
let access = ''

beforeEach(async () => {
  unsealDrafts()
  for (const live of liveDrafts.values()) await live.flush()
  setDraftStore(null)
  liveDrafts.clear()
  await resumes.clear()
  await letters.clear()
  fullPageLoad.mockReset()
  vi.spyOn(browserNavigation, 'load').mockImplementation(fullPageLoad)
  access = await signInMockAccount({ email: 'ana@example.com', password: 'correct-horse' })
})
afterEach(() => vi.restoreAllMocks())

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${location.origin}/api${path}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` } })

async function saved<S>(collection: string, body: object): Promise<S> {
  const response = await api(`/${collection}`, { method: 'POST', body: JSON.stringify(body) })
  expect(response.status).toBe(201)
  return (await response.json()) as S
}

const anaResume = () => {
  const data = emptyResumeData()
  data.heading = { ...data.heading, firstName: 'Ana', lastName: 'Łopez-Nguyễn', phone: '+48 600 100 200', address: 'ul. Długa 5, Gdańsk' }
  return data
}
const anaLetter = () => {
  const data = emptyCoverLetterData()
  data.you = { ...data.you, firstName: 'Ana', lastName: 'Łopez-Nguyễn', phone: '+48 600 100 200' }
  return data
}

function draft(data: unknown, fields: Partial<Draft<unknown, string>>): Draft<unknown, string> {
  return {
    id: crypto.randomUUID(),
    title: 'My resume',
    data,
    step: 'heading',
    serverId: null,
    serverVersion: null,
    dirty: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  }
}

async function signOutFromMenu(path = '/salary') {
  const rendered = await renderRoute(path)
  await rendered.user.click(await screen.findByRole('button', { name: 'Account menu' }))
  await rendered.user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign out' }))
  return rendered
}

const list = async <S,>(collection: string) => ((await (await api(`/${collection}`)).json()) as { results: S[] }).results

describe('sign-out on a shared computer', () => {
  it('drafts already in the account leave the browser without a question', async () => {
    const resume = await saved<StoredResume>('resumes', { title: 'My resume', template: emptyResumeData().design.template, data: anaResume() })
    const letter = await saved<StoredCoverLetter>('cover-letters', { title: 'To Acme', template: anaLetter().design.template, data: anaLetter() })
    const kept = draft(resume.data, { serverId: resume.id, serverVersion: resume.version })
    await resumes.write({ currentId: kept.id, drafts: [kept] })
    const keptLetter = draft(letter.data, { title: 'To Acme', serverId: letter.id, serverVersion: letter.version, step: 'you' })
    await letters.write({ currentId: keptLetter.id, drafts: [keptLetter] })

    await signOutFromMenu()

    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/salary'))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(await resumes.read()).toBeUndefined()
    expect(await letters.read()).toBeUndefined()
    expect(authStore.isLoggedIn()).toBe(false)
    // Still in the account for the next sign-in.
    expect((await list<StoredResume>('resumes')).map((r) => r.data.heading.phone)).toEqual(['+48 600 100 200'])
  })

  it('unsaved changes: the dialog names them and Cancel keeps the user signed in with everything as it was', async () => {
    const changed = draft(anaResume(), { title: 'Résumé — Ana', dirty: true })
    await resumes.write({ currentId: changed.id, drafts: [changed] })

    const { user } = await signOutFromMenu()

    const dialog = await screen.findByRole('alertdialog', { name: 'Save your changes before signing out?' })
    expect(dialog).toHaveTextContent('Signing out removes your resumes and cover letters from this browser')
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Resume: Résumé — Ana')
    // Focus starts on the choice that changes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    // Back on the account menu's button it started from.
    expect(document.activeElement).toHaveAccessibleName('Account menu')
    expect(authStore.isLoggedIn()).toBe(true)
    expect(fullPageLoad).not.toHaveBeenCalled()
    expect(await resumes.read()).toMatchObject({ drafts: [{ id: changed.id, dirty: true, data: { heading: { phone: '+48 600 100 200' } } }] })
  })

  it('"Save to account and sign out" saves new and changed drafts of both builders, then clears them', async () => {
    const before = await saved<StoredResume>('resumes', { title: 'Old title', template: emptyResumeData().design.template, data: emptyResumeData() })
    const changed = draft(anaResume(), { title: 'Backend roles', dirty: true, serverId: before.id, serverVersion: before.version })
    const fresh = draft(anaResume(), { title: 'Design roles', dirty: true })
    const untouched = draft(emptyResumeData(), { title: 'Resume 3' })
    await resumes.write({ currentId: changed.id, drafts: [changed, fresh, untouched] })
    const letter = draft(anaLetter(), { title: 'To Acme', dirty: true, step: 'you' })
    await letters.write({ currentId: letter.id, drafts: [letter] })

    const { user } = await signOutFromMenu()
    const dialog = await screen.findByRole('alertdialog', { name: 'Save your changes before signing out?' })
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Resume: Backend roles', 'Resume: Design roles', 'Cover letter: To Acme'])
    await user.click(within(dialog).getByRole('button', { name: 'Save to account and sign out' }))

    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/salary'))
    const stored = await list<StoredResume>('resumes')
    expect(stored.map((r) => [r.title, r.version, r.data.heading.address]).sort()).toEqual([
      ['Backend roles', 2, 'ul. Długa 5, Gdańsk'],
      ['Design roles', 1, 'ul. Długa 5, Gdańsk'],
    ])
    expect((await list<StoredCoverLetter>('cover-letters')).map((l) => [l.title, l.data.you.lastName])).toEqual([['To Acme', 'Łopez-Nguyễn']])
    expect(await resumes.read()).toBeUndefined()
    expect(await letters.read()).toBeUndefined()
    expect(authStore.isLoggedIn()).toBe(false)
  })

  it('"Discard changes and sign out" clears the drafts and leaves the account as it was', async () => {
    const changed = draft(anaResume(), { dirty: true })
    await resumes.write({ currentId: changed.id, drafts: [changed] })

    const { user } = await signOutFromMenu('/resume')
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes and sign out' }))

    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/'))
    expect(await resumes.read()).toBeUndefined()
    expect(await list<StoredResume>('resumes')).toEqual([])
  })

  it('a save the account refuses (full) is explained, nothing is lost, and the user still chooses', async () => {
    server.use(http.post('*/api/resumes', () => HttpResponse.json({ detail: resumeMessages.quota(DOCUMENTS_PER_ACCOUNT) }, { status: 403 })))
    const changed = draft(anaResume(), { title: 'Design roles', dirty: true })
    await resumes.write({ currentId: changed.id, drafts: [changed] })

    const { user } = await signOutFromMenu()
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Save to account and sign out' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(`“Design roles” was not saved: ${resumeMessages.quota(DOCUMENTS_PER_ACCOUNT)}`)
    expect(alert).toHaveTextContent('Try again, discard the changes, or cancel to stay signed in.')
    expect(authStore.isLoggedIn()).toBe(true)
    expect(fullPageLoad).not.toHaveBeenCalled()
    expect(await resumes.read()).toMatchObject({ drafts: [{ id: changed.id, dirty: true }] })

    await user.click(within(dialog).getByRole('button', { name: 'Discard changes and sign out' }))
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalled())
    expect(await resumes.read()).toBeUndefined()
  })

  it('the builder open in the tab: its latest typing is part of the question, and nothing is written back after sign-out', async () => {
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('First name'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign out' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Resume: My resume')
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes and sign out' }))
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/'))

    // Typing after sign-out (before the page reloads) is not kept on the device.
    await user.type(screen.getByLabelText('Last name'), 'Lopez')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(await resumes.read()).toBeUndefined()
  })
})
