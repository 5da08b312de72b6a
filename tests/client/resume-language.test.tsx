// The language a resume is written in is the user's to say (Finalize), for the PDF's /Lang
// (tests/server/pdf-language.test.ts); it stays with the resume and its JSON Resume export.
import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import { renderRoute } from './support/render'

beforeEach(async () => {
  await idbDraftStorage.clear()
  setDraftStore(null)
})

describe('resume language', () => {
  it('is told from the text until the user picks one, and the pick stays', async () => {
    const { user } = await renderRoute('/resume')
    await screen.findByLabelText('First name')
    const steps = () => within(screen.getByRole('navigation', { name: 'Resume steps' }))
    await user.click(steps().getByRole('button', { name: /Finalize/ }))
    const select = screen.getByLabelText('Language of the resume (for screen readers)')
    expect(select).toHaveDisplayValue('Tell from the text')
    await user.selectOptions(select, 'Polish (polski)')
    await user.click(steps().getByRole('button', { name: /Heading/ }))
    await user.click(steps().getByRole('button', { name: /Finalize/ }))
    expect(screen.getByLabelText('Language of the resume (for screen readers)')).toHaveDisplayValue('Polish (polski)')
  })
})
