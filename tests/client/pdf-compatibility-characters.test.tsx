// Text pasted from a PDF or typed on a phone carries compatibility characters (the ligature
// "ﬁ", circled digits, roman numerals): the PDF writes them as their letters when no font has
// them, so the download goes ahead; and the check before a cover letter's download reads only
// what the page draws, never a sentence's hidden source label ("Teacher → UX Designer").
import 'fake-indexeddb/auto'
import { readFile } from 'node:fs/promises'
import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { emptyResumeData } from '~contract/resume.ts'
import { draftDatabases, idbStorage } from '@/features/documents'
import { exportPdf, setFontLoader } from '@/features/resume/pdf/export-pdf'
import { exportLetterPdf } from '@/features/cover-letter/pdf/export-letter-pdf'
import { letterDrawnText } from '@/features/cover-letter/pdf/letter-text'
import { letterWithEdits } from '@/features/cover-letter/compose'
import { pdfContent } from '@/features/resume/pdf/pdf-content'
import { unsupportedCharacters } from '~pdf-engine/scripts.ts'
import { renderRoute } from './support/render'

setFontLoader(async (url) => new Uint8Array(await readFile(`.${new URL(url, 'file:///').pathname}`)).buffer)

async function pageText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
  try {
    return (await pdfContent(doc as never)).items.map((item) => item.text).join(' ')
  } finally {
    await doc.destroy()
  }
}

function careerChanger() {
  const data = emptyCoverLetterData()
  data.you = { ...data.you, firstName: 'Łucja', lastName: 'Wiśniewska', email: 'lucja@example.org', currentTitle: 'Teacher' }
  data.recipient = { ...data.recipient, company: 'Brightpath Studio' }
  data.job = { ...data.job, title: 'UX Designer' }
  data.strengths = ['communication']
  data.experience = { ...data.experience, level: 'mid', years: 6, recentTitle: 'Teacher', careerChange: true }
  return data
}

beforeEach(async () => {
  await idbStorage(draftDatabases.coverLetter).clear()
})

describe('compatibility characters', () => {
  it('are no reason to refuse a download when the fonts have their letters', () => {
    expect(unsupportedCharacters('Certiﬁed ﬂoor ﬆudio ① ⅷ ｆｕｌｌ')).toEqual({ rightToLeft: [], other: [] })
    // A character with no letters of its own to fall back on still is.
    expect(unsupportedCharacters('Certiﬁed ☃')).toEqual({ rightToLeft: [], other: ['☃'] })
  })

  it('print as their letters in the resume PDF when no font draws them', async () => {
    const data = emptyResumeData()
    data.heading.firstName = 'Ana'
    data.summary = 'Certiﬁed in ﬂoor plans, ﬆudio work, grade ① and chapter ⅷ.'
    const text = await pageText(await exportPdf(data))
    expect(text).toContain('Certified in floor plans, studio work, grade 1 and chapter viii.')
  })

  it('a career changer’s letter: the arrow in the hidden source label is not checked, and the PDF is made', async () => {
    const data = careerChanger()
    // The label the preview shows on hover has the arrow; the page does not.
    expect(JSON.stringify(letterWithEdits(data))).toContain('Career change: Teacher → UX Designer')
    const drawn = letterDrawnText(data)
    expect(drawn).toMatch(/teacher/i)
    expect(drawn).not.toContain('→')
    expect(unsupportedCharacters(drawn)).toEqual({ rightToLeft: [], other: [] })
    const text = await pageText(await exportLetterPdf(data))
    expect(text).toContain('Brightpath Studio')
  })

  it('downloads the career changer’s letter without a warning', async () => {
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:letter')
    URL.revokeObjectURL = () => {}
    const data = { ...careerChanger(), visited: ['you', 'recipient', 'job', 'strengths', 'background', 'experience', 'work-style', 'gap'] }
    await idbStorage(draftDatabases.coverLetter).write({
      currentId: 'c1',
      drafts: [
        { id: 'c1', title: 'UX letter', data, step: 'letter', serverId: null, serverVersion: null, dirty: true, updatedAt: new Date().toISOString() },
      ],
    })
    const { user } = await renderRoute('/coverletter')
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }))
    expect(await screen.findByText('PDF ready.', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(save).toHaveBeenCalled()
    save.mockRestore()
  })
})
