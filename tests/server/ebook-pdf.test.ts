// The e-book PDF as a reader gets it, from every article of the library: every table cell of the
// source articles is in the text, chapters have bookmarks (with their sections), the contents
// page links to each chapter, and the file is tagged with tables as tables.

import { join } from 'node:path'
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { isProblem, listArticleFiles, readArticleFile } from '../../server/content/article-files.ts'
import { bookBlocks } from '../../server/content/markdown.ts'
import { buildPdf } from '../../server/services/library/ebook-files.ts'
import type { StoredArticle } from '../../server/services/library/library.ts'
import { pdfText } from './support/pdf-text.ts'

const contentDir = join(process.cwd(), 'server/content')

function libraryArticles(): StoredArticle[] {
  return listArticleFiles(contentDir).flatMap((file, i) => {
    const article = readArticleFile(file, contentDir)
    if (isProblem(article)) return []
    return [
      {
        id: i,
        slug: article.slug,
        title: article.title,
        summary: article.summary,
        author: article.author,
        tags: article.tags,
        publishedAt: article.published_at,
        readingMinutes: article.readingMinutes,
        category: { id: 0, slug: article.category, title: article.category },
        subCategory: null,
        html: article.html,
        toc: article.toc,
        sources: article.sources ?? [],
        bodyMd: article.bodyMd,
        bodyText: article.bodyText,
        contentHash: article.contentHash,
      },
    ]
  })
}

describe('e-book PDF of the whole library', () => {
  it('keeps every table cell, has bookmarks and a contents page that links to the chapters, and is tagged', async () => {
    const chapters = libraryArticles()
    const tables = chapters.flatMap((a) => bookBlocks(a.bodyMd).filter((b) => b.kind === 'table'))
    expect(tables.length).toBeGreaterThanOrEqual(17)
    const started = performance.now()
    const bytes = await buildPdf({
      slug: 'all',
      title: 'Every article',
      subtitle: 'Test',
      description: 'All of them',
      coverSvg: '',
      chapters,
      modified: new Date('2026-01-01'),
    })
    const elapsed = performance.now() - started
    const text = await pdfText(bytes)
    // Every cell, its words in order (a long cell wraps over lines of its column).
    const cells = tables.flatMap((t) => t.rows.flat()).filter(Boolean)
    const words = (s: string) => s.split(/\s+/).filter(Boolean)
    const missingCells = cells.filter((cell) => !words(cell).every((w) => text.includes(w)))
    expect(missingCells).toEqual([])
    for (const row of tables[0]!.rows) expect(text).toContain(row[0]!)

    const pdf = await PDFDocument.load(bytes)
    const catalog = pdf.catalog
    // Outline: Contents, then one item per chapter, in book order, sections below.
    const outlines = catalog.lookup(PDFName.of('Outlines'), PDFDict)
    const titles: string[] = []
    let item = outlines.get(PDFName.of('First')) as PDFRef | undefined
    while (item) {
      const dict = pdf.context.lookup(item, PDFDict)
      titles.push(dict.lookup(PDFName.of('Title'), PDFHexString).decodeText())
      item = dict.get(PDFName.of('Next')) as PDFRef | undefined
    }
    expect(titles).toEqual(['Contents', ...chapters.map((c) => c.title)])
    // The contents page (right after the title page): links, each to the page its chapter starts on.
    const contents = pdf.getPage(1)
    const annots = contents.node.lookup(PDFName.of('Annots'), PDFArray)
    expect(annots.size()).toBeGreaterThan(0)
    const firstDest = pdf.context.lookup(annots.get(0), PDFDict).lookup(PDFName.of('Dest'), PDFArray)
    expect(pdf.getPages().findIndex((p) => p.ref === firstDest.get(0))).toBeGreaterThan(1)
    // Tagged, with tables in the structure.
    expect(catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))?.toString()).toBe('true')
    expect(new TextDecoder('latin1').decode(bytes)).toMatch(/\/S \/Table/)
    console.log(
      `e-book of ${chapters.length} articles: ${pdf.getPageCount()} pages, ${Math.round(bytes.length / 1024)} KB, ${Math.round(elapsed)} ms`,
    )
  }, 120_000)
})
