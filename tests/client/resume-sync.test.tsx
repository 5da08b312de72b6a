// Saving a resume to the account against the msw resume handlers: a stale save (another device
// saved first) answers 409 and the user chooses which copy to keep; nothing is lost.

import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { StoredResume } from '~contract/resume.ts'
import { AUTOSAVE_MS } from '@/features/documents'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import { server } from '../../mocks/node'
import { renderRoute } from './support/render'
import { signInMockAccount } from './support/sign-in'

const account = { email: 'ana@example.com', password: 'first-secret' }
/** The other device's session. */
let otherAccess = ''

beforeEach(async () => {
  await idbDraftStorage.clear()
  setDraftStore(null)
  otherAccess = await signInMockAccount(account)
})

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${location.origin}/api${path}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${otherAccess}` } })

/** The same resume saved from another device: the account copy moves on a version. */
async function saveElsewhere(summary: string): Promise<StoredResume> {
  const { results } = (await (await api('/resumes')).json()) as { results: StoredResume[] }
  const stored = results[0]!
  const response = await api(`/resumes/${stored.id}`, {
    method: 'PUT',
    body: JSON.stringify({ title: stored.title, template: stored.template, data: { ...stored.data, summary }, version: stored.version }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as StoredResume
}

async function savedThenChangedElsewhere() {
  const rendered = await renderRoute('/resume')
  const { user } = rendered
  await user.type(await screen.findByLabelText('First name'), 'Ana')
  await user.click(screen.getByRole('button', { name: 'Save to account' }))
  await screen.findByText('Saved to your account.')
  await saveElsewhere('Written on the laptop.')
  await user.type(screen.getByLabelText('Last name'), 'Lopez')
  await user.click(screen.getByRole('button', { name: 'Save now' }))
  const dialog = await screen.findByRole('alertdialog', { name: 'This resume changed elsewhere' })
  return { user, dialog }
}

describe('saving a resume to the account', () => {
  it('on a 409, keeping the account copy loads it and keeps this browser’s version as another draft', async () => {
    const { user, dialog } = await savedThenChangedElsewhere()
    expect(within(dialog).getByText(/Your account has a newer copy/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Use the account copy' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(screen.getByText('Using the account copy; this browser’s version is kept as another draft.')).toBeInTheDocument()
    expect(screen.getByLabelText('Last name')).toHaveValue('')
    const drafts = within(screen.getByLabelText('Resume'))
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(drafts).toEqual(['My resume', 'My resume (this browser)'])
    await user.selectOptions(screen.getByLabelText('Resume'), 'My resume (this browser)')
    expect(screen.getByLabelText('Last name')).toHaveValue('Lopez')
  })

  it('on a 409, keeping this browser’s copy overwrites the account copy on top of its version', async () => {
    const { user, dialog } = await savedThenChangedElsewhere()
    await user.click(within(dialog).getByRole('button', { name: 'Keep this browser’s copy' }))
    await screen.findByText('Saved to your account.')
    const { results } = (await (await api('/resumes')).json()) as { results: StoredResume[] }
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({ version: 3, data: { heading: { firstName: 'Ana', lastName: 'Lopez' }, summary: '' } })
  })

  it('a change made while a slow save is in flight follows it once it ends, without a conflict', async () => {
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('First name'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Save to account' }))
    await screen.findByText('Saved to your account.')

    // The network holds every save until the test lets it through.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const puts: number[] = []
    server.use(
      http.put('*/api/resumes/:id', async ({ request }) => {
        puts.push(((await request.clone().json()) as { version: number }).version)
        await held
        return undefined
      }),
    )
    await user.type(screen.getByLabelText('Last name'), 'Lopez')
    await user.click(screen.getByRole('button', { name: 'Save now' }))
    await waitFor(() => expect(puts).toEqual([1]))
    // A change while that save is on its way: the autosave comes due before the save ends.
    await user.type(screen.getByLabelText('City'), 'Porto')
    await act(() => new Promise((resolve) => setTimeout(resolve, AUTOSAVE_MS + 300)))
    expect(puts).toEqual([1])
    release()

    await waitFor(() => expect(puts).toEqual([1, 2]))
    await screen.findByText('Saved to your account.')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    const { results } = (await (await api('/resumes')).json()) as { results: StoredResume[] }
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({ version: 3, data: { heading: { firstName: 'Ana', lastName: 'Lopez', city: 'Porto' } } })
  })
})
