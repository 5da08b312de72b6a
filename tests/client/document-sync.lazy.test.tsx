// The sync machine (and XState) load only when a signed-in user's builder opens. A click on
// "Save to account" before they have arrived is not lost: the button shows it is working and the
// save goes once the machine is there. When they cannot load, the user is told, and that the
// changes are safe on this device.

import 'fake-indexeddb/auto'
import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import { renderRoute } from './support/render'
import { signInMockAccount } from './support/sign-in'

/** How the next load of the machine's chunk goes: held until released, or failing. */
const chunk = vi.hoisted(() => ({ gate: Promise.resolve(), fail: false }))

vi.mock('@/features/documents/sync-machine', async (importOriginal) => {
  await chunk.gate
  if (chunk.fail) throw new TypeError('Failed to fetch dynamically imported module')
  return importOriginal<object>()
})

const account = { email: 'lena@example.com', password: 'first-secret' }

beforeEach(async () => {
  await idbDraftStorage.clear()
  setDraftStore(null)
  await signInMockAccount(account)
})

describe('the sync machine failing to load', () => {
  it('says so beside the button, and that the changes stay on this device', async () => {
    chunk.gate = Promise.resolve()
    chunk.fail = true
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('First name'), 'Ngọc')
    await screen.findByText('Saving to your account could not start. Your changes are kept on this device: reload the page to try again.')
    expect(screen.getByRole('button', { name: 'Save to account' })).toBeEnabled()
    expect(screen.getByLabelText('First name')).toHaveValue('Ngọc')
  })
})

describe('the save button before the sync machine has loaded', () => {
  it('keeps a click made while the machine is still loading and saves once it is there', async () => {
    let release = () => {}
    chunk.fail = false
    chunk.gate = new Promise<void>((resolve) => (release = resolve))
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('First name'), 'Łucja')
    const save = screen.getByRole('button', { name: 'Save to account' })
    await user.click(save)
    expect(save).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByText('Saved to your account.')).not.toBeInTheDocument()
    release()
    await screen.findByText('Saved to your account.')
    expect(screen.getByRole('button', { name: 'Save now' })).toBeInTheDocument()
  })
})
