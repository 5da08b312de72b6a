// Importing someone else's JSON Resume: before anything is replaced, the builder says what it
// recognised and names what it has no place for.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import { renderRoute } from './support/render'

const samplePath = createRequire(import.meta.url).resolve('@jsonresume/schema/sample.resume.json')

beforeEach(async () => {
  await idbDraftStorage.clear()
  setDraftStore(null)
})

describe('JSON Resume import review', () => {
  it('lists what the builder cannot hold before replacing, and replaces only when asked', async () => {
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('First name'), 'Ana')
    await user.click(within(screen.getByRole('navigation', { name: 'Resume steps' })).getByRole('button', { name: /Finalize/ }))
    const file = new File([readFileSync(samplePath)], 'sample.resume.json', { type: 'application/json' })
    await user.upload(screen.getByLabelText('Resume file to import (PDF, Word (.docx), LinkedIn data export (.zip) or JSON Resume)'), file)
    const review = await screen.findByRole('region', { name: 'Import review' })
    expect(within(review).getByText(/Publications \(1\)/)).toBeInTheDocument()
    // Nothing is lost: what the builder has no field for is named, and kept for the export.
    expect(within(review).queryByRole('list', { name: 'Not imported' })).toBeNull()
    const kept = within(review).getByRole('list', { name: 'Kept in the file only' })
    expect(
      within(kept)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Projects: Miss Direction: endDate', 'Volunteer: CoderDojo: endDate'])
    await user.click(within(review).getByRole('button', { name: 'Keep my resume' }))
    await user.click(within(screen.getByRole('navigation', { name: 'Resume steps' })).getByRole('button', { name: /Heading/ }))
    expect(screen.getByLabelText('First name')).toHaveValue('Ana')
  })

  it('shows the stated fluency, a skill’s keywords and the region in their own fields once imported', async () => {
    const { user } = await renderRoute('/resume')
    const steps = () => within(screen.getByRole('navigation', { name: 'Resume steps' }))
    await screen.findByLabelText('First name')
    await user.click(steps().getByRole('button', { name: /Finalize/ }))
    const file = new File([readFileSync(samplePath)], 'sample.resume.json', { type: 'application/json' })
    await user.upload(screen.getByLabelText('Resume file to import (PDF, Word (.docx), LinkedIn data export (.zip) or JSON Resume)'), file)
    await user.click(within(await screen.findByRole('region', { name: 'Import review' })).getByRole('button', { name: 'Replace with the import' }))
    await user.click(steps().getByRole('button', { name: /Heading/ }))
    expect(screen.getByLabelText('Address')).toHaveValue('2712 Broadway St')
    expect(screen.getByLabelText('State or region')).toHaveValue('California')
    expect(screen.getByLabelText('Postal code')).toHaveValue('CA 94115')
    await user.click(steps().getByRole('button', { name: /Skills/ }))
    const skillNames = screen.getAllByLabelText('Skill')
    expect(skillNames[0]).toHaveValue('Web Development')
    expect(screen.getAllByLabelText('Keywords (comma-separated)')[0]).toHaveValue('HTML, CSS, Javascript')
    await user.click(steps().getByRole('button', { name: /Languages/ }))
    expect(screen.getByLabelText('Language')).toHaveValue('English')
    expect(screen.getByLabelText('Fluency in your words (printed instead of the level)')).toHaveValue('Native speaker')
  })
})
