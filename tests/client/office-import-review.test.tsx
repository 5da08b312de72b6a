// Importing a Word file or LinkedIn's data export from the builder's Finalize step: the review
// says where it read from and what it recognised, and nothing is replaced until the user says
// so; a file of another kind, or a broken one, is refused with a message and the resume kept.
import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { idbDraftStorage, setDraftStore } from '@/features/resume/draft-store'
import { renderRoute } from './support/render'
import { linkedInExport, wordResume } from './support/office-files'

const inputLabel = 'Resume file to import (PDF, Word (.docx), LinkedIn data export (.zip) or JSON Resume)'

beforeEach(async () => {
  await idbDraftStorage.clear()
  setDraftStore(null)
})

async function openFinalize(firstName = '') {
  const { user } = await renderRoute('/resume')
  if (firstName) await user.type(await screen.findByLabelText('First name'), firstName)
  await user.click(within(await screen.findByRole('navigation', { name: 'Resume steps' })).getByRole('button', { name: /Finalize/ }))
  return user
}

const goTo = async (user: Awaited<ReturnType<typeof openFinalize>>, step: RegExp) =>
  user.click(within(screen.getByRole('navigation', { name: 'Resume steps' })).getByRole('button', { name: step }))

describe('Word and LinkedIn import', () => {
  it('reviews a .docx and imports it when asked', async () => {
    const user = await openFinalize()
    expect(screen.getByText(/Import a PDF, Word \(\.docx\), LinkedIn data export \(\.zip\) or JSON Resume/)).toBeInTheDocument()
    const file = new File([wordResume()], 'Łukasz CV.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })
    await user.upload(screen.getByLabelText(inputLabel), file)
    const review = await screen.findByRole('region', { name: 'Import review' }, { timeout: 10_000 })
    expect(review.textContent).toMatch(
      /From the Word file we recognised: Heading, Summary, Experience \(2\), Education \(1\), Skills \(4\), Languages \(5\), Portfolio \(1\)/,
    )
    await user.click(within(review).getByRole('button', { name: 'Replace with the import' }))
    await goTo(user, /Heading/)
    expect(screen.getByLabelText('First name')).toHaveValue('Łukasz')
    expect(screen.getByLabelText('Last name')).toHaveValue('Wiśniewski')
  }, 30_000)

  it('reviews a LinkedIn export, lists what has no place, and keeps the resume when asked', async () => {
    const user = await openFinalize('Ana')
    await user.upload(
      screen.getByLabelText(inputLabel),
      new File([linkedInExport()], 'Basic_LinkedInDataExport_01-05-2026.zip', { type: 'application/zip' }),
    )
    const review = await screen.findByRole('region', { name: 'Import review' }, { timeout: 10_000 })
    expect(review.textContent).toMatch(/From the LinkedIn export we recognised: Heading, Summary, Experience \(2\)/)
    expect(review.textContent).toContain("Read from LinkedIn's export: Profile.csv")
    expect(
      within(within(review).getByRole('list', { name: 'Not imported' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Profile Birth Date: Mar 3, 1994')
    await user.click(within(review).getByRole('button', { name: 'Keep my resume' }))
    await goTo(user, /Heading/)
    expect(screen.getByLabelText('First name')).toHaveValue('Ana')
  }, 30_000)

  it('refuses an old .doc, a broken .docx and a file of another kind, and changes nothing', async () => {
    const user = await openFinalize('Ana')
    const input = screen.getByLabelText(inputLabel)
    const files = [
      new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])], 'cv.docx', {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
      new File([wordResume().slice(0, 300)], 'cv.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
      new File(['just some text'], 'cv.json', { type: 'application/json' }),
    ]
    const messages = [/older Word file \(\.doc\)/, /could not open this Word file/, /We cannot import this file\. Choose a PDF, Word \(\.docx\)/]
    for (const [i, file] of files.entries()) {
      await user.upload(input, file)
      expect((await screen.findByRole('alert')).textContent).toMatch(messages[i]!)
      expect(screen.queryByRole('region', { name: 'Import review' })).toBeNull()
    }
    await goTo(user, /Heading/)
    expect(screen.getByLabelText('First name')).toHaveValue('Ana')
  }, 30_000)
})
