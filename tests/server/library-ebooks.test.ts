import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { unzipSync, strFromU8 } from 'fflate'
import { PDFDocument } from 'pdf-lib'
import { expect, test } from 'vitest'
import type { Ebook } from '~contract/library.ts'
import { bearer, registerUser } from './support/auth.ts'
import { describeDbs } from './support/db.ts'
import { getJson } from './support/http.ts'
import { useLibrary } from './support/library.ts'
import { pdfText } from './support/pdf-text.ts'

describeDbs('ebooks', (suite) => {
  const library = useLibrary(suite)

  test('GET /api/ebooks lists the books with chapters by title, in public', async () => {
    const response = await getJson(library.app(), '/api/ebooks')

    expect(response.status).toBe(200)
    const books = (await response.json()) as Ebook[]
    expect(books.map((b) => b.slug)).toEqual(['job-hunting-handbook', 'university-admission-guide'])
    expect(books[0]).toEqual({
      slug: 'job-hunting-handbook',
      title: 'The Job Hunting Handbook',
      subtitle: expect.any(String),
      description: expect.any(String),
      cover: '/api/ebooks/job-hunting-handbook/cover.svg',
      chapters: [
        { title: 'A Quick Word on Follow-Ups', article_slug: 'quick-word-on-follow-ups' },
        { title: 'Answering the Weakness Question', article_slug: 'answering-weakness-question' },
        { title: 'Salary Negotiation for Your First Offer', article_slug: 'salary-negotiation-first-offer' },
        { title: 'Ten Interview Tips That Actually Work', article_slug: 'ten-interview-tips' },
        { title: 'Where to Find Job Openings', article_slug: 'where-to-find-job-openings' },
      ],
      formats: [
        { format: 'epub', url: '/api/ebooks/job-hunting-handbook.epub' },
        { format: 'pdf', url: '/api/ebooks/job-hunting-handbook.pdf' },
      ],
    })
    const cover = await library.app().request(books[0]!.cover)
    expect(cover.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
    expect(await cover.text()).toContain('The Job Hunting')
  })

  test('downloads are for signed-in users only', async () => {
    for (const format of ['epub', 'pdf']) {
      const response = await library.app().request(`/api/ebooks/job-hunting-handbook.${format}`)
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ detail: expect.any(String) })
    }
  })

  test('the EPUB is a zip with an uncompressed mimetype first, a package, navigation and chapters', async () => {
    const user = await registerUser(suite.app())
    const response = await library.app().request('/api/ebooks/job-hunting-handbook.epub', { headers: bearer(user.access) })

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/epub+zip')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="waypoint-job-hunting-handbook.epub"')
    const bytes = new Uint8Array(await response.arrayBuffer())
    // Local file header of the first entry: name "mimetype", method 0 (stored), then its content.
    const head = Buffer.from(bytes.slice(0, 80))
    expect(head.readUInt32LE(0)).toBe(0x04034b50)
    expect(head.readUInt16LE(8)).toBe(0)
    expect(head.toString('latin1', 30, 38)).toBe('mimetype')
    expect(head.toString('latin1', 38, 58)).toBe('application/epub+zip')

    const files = unzipSync(bytes)
    expect(Object.keys(files)[0]).toBe('mimetype')
    expect(strFromU8(files['META-INF/container.xml']!)).toContain('full-path="OEBPS/content.opf"')
    const opf = strFromU8(files['OEBPS/content.opf']!)
    expect(opf).toContain('<dc:title>The Job Hunting Handbook</dc:title>')
    expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/)
    expect(strFromU8(files['OEBPS/nav.xhtml']!)).toContain('<nav epub:type="toc" id="toc">')
    const chapter = strFromU8(files['OEBPS/chapters/where-to-find-job-openings.xhtml']!)
    expect(chapter).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>/)
    expect(chapter).toContain('<h1>Where to Find Job Openings</h1>')
    expect(chapter).toContain('&lt;script&gt;')
    expect(chapter).not.toContain('<script')
    expect(readdirSync(join(library.dataDir, 'ebooks'))).toEqual([expect.stringMatching(/^job-hunting-handbook-[0-9a-f]{12}\.epub$/)])
  })

  test('the PDF parses, has pages and real text with chapter titles', async () => {
    const user = await registerUser(suite.app())
    const response = await library.app().request('/api/ebooks/university-admission-guide.pdf', { headers: bearer(user.access) })

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="waypoint-university-admission-guide.pdf"')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-')
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3)
    expect(pdf.getTitle()).toBe('The University Admission Guide')
    const text = await pdfText(bytes)
    expect(text).toContain('Writing a Personal Statement')
    expect(text).toContain('Contents')
    expect(text).toContain('Admissions readers remember specific moments.')
  })

  test('unknown books and formats are 404', async () => {
    const user = await registerUser(suite.app())
    for (const path of ['/api/ebooks/nope.pdf', '/api/ebooks/job-hunting-handbook.docx', '/api/ebooks/nope/cover.svg']) {
      expect((await library.app().request(path, { headers: bearer(user.access) })).status).toBe(404)
    }
  })
})
