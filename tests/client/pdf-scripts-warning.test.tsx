// A name the PDF cannot write is never lost in silence: the builder says so before the download.
import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import { renderRoute } from './support/render'

beforeEach(async () => {
  await idbDraftStorage.clear()
  setDraftStore(null)
})

describe('PDF download with right-to-left text', () => {
  it('names the letters the PDF would lose before any file is made, and cancels', async () => {
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('First name'), 'Łucja')
    await user.type(screen.getByLabelText('Last name'), 'כהן')
    await user.click(within(screen.getByRole('navigation', { name: 'Resume steps' })).getByRole('button', { name: /Finalize/ }))
    await user.click(screen.getByRole('button', { name: 'Download PDF' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Right-to-left text')
    expect(alert).toHaveTextContent('כ ה ן')
    expect(alert).not.toHaveTextContent('Ł')
    expect(screen.queryByText(/PDF ready/)).not.toBeInTheDocument()
    await user.click(within(alert).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
