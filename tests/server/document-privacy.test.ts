// What a resume PDF carries besides its pages is what the pages show: the attached JSON Resume
// holds no switched-off section, and the title comes from the person's name, never the draft's.

import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { emptyResumeData, type ResumeData } from '~contract/resume.ts'
import { fromJsonResume } from '@/features/resume/json-resume'
import { shownResumeData } from '@/features/resume/model'
import { exportPdf, setFontLoader } from '@/features/resume/pdf/export-pdf'
import { contentFields } from '@/features/resume/import/pdf-import'

setFontLoader(async (url) => new Uint8Array(await readFile(`.${new URL(url, 'file:///').pathname}`)).buffer)

async function readBack(bytes: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false }).promise
  try {
    const info = (await doc.getMetadata()).info as Record<string, unknown>
    const attachments = ((await doc.getAttachments()) ?? {}) as Record<string, { content: Uint8Array }>
    let text = ''
    for (let n = 1; n <= doc.numPages; n += 1)
      text += ((await (await doc.getPage(n)).getTextContent()).items as { str?: string }[]).map((i) => i.str ?? '').join(' ')
    return { info, attachments, text }
  } finally {
    await doc.destroy()
  }
}

function resumeWithHiddenParts(): ResumeData {
  const data = emptyResumeData()
  data.heading = { ...data.heading, firstName: 'Łucja', lastName: 'Wiśniewska-Nguyễn', email: 'lucja@example.org', jobTitle: 'Data engineer' }
  data.summary = 'Engineer who builds data pipelines.'
  data.experience = [
    {
      id: 'e1',
      jobTitle: 'Data engineer',
      employer: 'Northwind',
      city: 'Kraków',
      startDate: '2021-03',
      endDate: '',
      current: true,
      description: '- Built the ingestion service',
    },
  ]
  // Switched on and shown.
  data.additional = ['honors']
  data.honors = [{ id: 'h1', title: 'Engineer of the year', subtitle: 'Northwind', date: '2023-12', url: '', description: '' }]
  // Written once, then switched off: on no page, so in no part of the file.
  data.conferences = [{ id: 'c1', title: 'Talk at the competitor summit', subtitle: 'Speaker', date: '2024-05', url: '', description: '' }]
  data.licenses = [{ id: 'l1', title: 'Certificate I would rather not show', subtitle: 'Issuer', date: '2019-01', url: '', description: '' }]
  data.customSections = [{ id: 'x1', title: 'Private notes section', items: [] }]
  return data
}

describe('resume PDF privacy', () => {
  it('attaches exactly the shown sections and titles the file with the person’s name', async () => {
    const data = resumeWithHiddenParts()
    const { info, attachments, text } = await readBack(await exportPdf(data))
    expect(info.Title).toBe('Łucja Wiśniewska-Nguyễn – Resume')
    expect(Object.keys(attachments)).toEqual(['resume.json'])
    const json = new TextDecoder().decode(attachments['resume.json']!.content)
    for (const hidden of ['competitor summit', 'rather not show', 'Private notes section']) {
      expect(json).not.toContain(hidden)
      expect(text).not.toContain(hidden)
    }
    expect(text).toContain('Engineer of the year')
    // What the attachment brings back is what the pages show, field for field.
    const imported = fromJsonResume(JSON.parse(json))
    expect(imported.ok).toBe(true)
    if (!imported.ok) return
    expect(Object.fromEntries(contentFields(imported.data))).toEqual(Object.fromEntries(contentFields(shownResumeData(data))))
  })

  it('titles a resume without a name "Resume", with no author', async () => {
    const data = resumeWithHiddenParts()
    data.heading = { ...data.heading, firstName: '', lastName: '' }
    const bytes = await exportPdf(data)
    const { info } = await readBack(bytes)
    expect(info.Title).toBe('Resume')
    expect(info.Author ?? '').toBe('')
  })
})
