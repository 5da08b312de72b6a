import { strToU8, zipSync, type Zippable } from 'fflate'
import { PDFDocument, PDFHexString, PDFName, PDFNull, rgb, type PDFPage, type PDFRef } from 'pdf-lib'
import { drawChainText, type ChainFont } from '~pdf-engine/font-chain.ts'
import { PdfStructure, type Roles } from '~pdf-engine/tagging.ts'
import { registerTrueTypeKit } from '~pdf-engine/truetype.ts'
import { embedBookFonts } from './ebook-fonts.ts'
import { bookBlocks } from '../../content/markdown.ts'
import { escapeXml } from '../../lib/text.ts'
import type { StoredArticle } from './library.ts'

export type BookInput = {
  slug: string
  title: string
  subtitle: string
  description: string
  coverSvg: string
  chapters: StoredArticle[]
  /** Also the date written into the files, so the same content gives the same bytes. */
  modified: Date
}

const xhtml = (title: string, body: string, stylesheet = 'style.css') =>
  `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
<head>
<meta charset="utf-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="${stylesheet}"/>
</head>
<body>
${body}
</body>
</html>
`

const stylesheet = `body { font-family: Georgia, serif; line-height: 1.5; margin: 0 5%; }
h1, h2, h3 { font-family: Helvetica, Arial, sans-serif; line-height: 1.2; }
h1 { font-size: 1.8em; margin: 1em 0 0.3em; }
.meta { color: #555; font-size: 0.85em; }
.summary { font-style: italic; }
.cover { text-align: center; margin: 0; }
.cover img { max-width: 100%; max-height: 100%; }
nav ol { list-style: none; padding-left: 0; }
nav ol ol { padding-left: 1.2em; }
blockquote { margin-left: 1em; padding-left: 1em; border-left: 3px solid #ccc; }
pre { white-space: pre-wrap; font-size: 0.85em; }
`

const chapterFile = (article: StoredArticle) => `chapters/${article.slug}.xhtml`
const isoSeconds = (date: Date) => `${date.toISOString().slice(0, 19)}Z`

/** EPUB 3: `mimetype` first and stored, container, package document, navigation, one XHTML file per article. */
export function buildEpub(book: BookInput): Uint8Array {
  const files: Zippable = {}
  // The order of keys is the order in the zip: mimetype must come first, uncompressed.
  files.mimetype = [strToU8('application/epub+zip'), { level: 0 }]
  files['META-INF/container.xml'] = strToU8(`<?xml version="1.0" encoding="utf-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`)
  const manifest = book.chapters
    .map((a, i) => `    <item id="chapter-${i + 1}" href="${chapterFile(a)}" media-type="application/xhtml+xml"/>`)
    .join('\n')
  const spine = book.chapters.map((_, i) => `    <itemref idref="chapter-${i + 1}"/>`).join('\n')
  files['OEBPS/content.opf'] = strToU8(`<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:waypoint:ebook:${book.slug}</dc:identifier>
    <dc:title>${escapeXml(book.title)}</dc:title>
    <dc:language>en</dc:language>
    <dc:creator>Waypoint</dc:creator>
    <dc:publisher>Waypoint</dc:publisher>
    <dc:description>${escapeXml(book.description)}</dc:description>
    <meta property="dcterms:modified">${isoSeconds(book.modified)}</meta>
    <meta name="cover" content="cover-image"/>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="cover-image" href="cover.svg" media-type="image/svg+xml" properties="cover-image"/>
    <item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
    <item id="style" href="style.css" media-type="text/css"/>
${manifest}
  </manifest>
  <spine>
    <itemref idref="cover"/>
    <itemref idref="nav"/>
${spine}
  </spine>
</package>
`)
  files['OEBPS/style.css'] = strToU8(stylesheet)
  files['OEBPS/cover.svg'] = strToU8(book.coverSvg)
  files['OEBPS/cover.xhtml'] = strToU8(
    xhtml(book.title, `<section class="cover" epub:type="cover"><img src="cover.svg" alt="${escapeXml(book.title)}"/></section>`),
  )
  const navItems = book.chapters
    .map((a) => {
      const sections = a.toc
        .filter((t) => t.level === 2)
        .map((t) => `<li><a href="${chapterFile(a)}#${escapeXml(t.id)}">${escapeXml(t.title)}</a></li>`)
        .join('')
      return `<li><a href="${chapterFile(a)}">${escapeXml(a.title)}</a>${sections ? `<ol>${sections}</ol>` : ''}</li>`
    })
    .join('\n')
  files['OEBPS/nav.xhtml'] = strToU8(
    xhtml(
      'Contents',
      `<h1>${escapeXml(book.title)}</h1>
<p class="summary">${escapeXml(book.subtitle)}</p>
<p>${escapeXml(book.description)}</p>
<nav epub:type="toc" id="toc"><h2>Contents</h2><ol>
${navItems}
</ol></nav>`,
    ),
  )
  book.chapters.forEach((a, i) => {
    const sources = a.sources.length
      ? `<h2>Sources</h2><ul>${a.sources.map((s) => `<li><a href="${escapeXml(s.url)}">${escapeXml(s.title)}</a></li>`).join('')}</ul>`
      : ''
    files[`OEBPS/${chapterFile(a)}`] = strToU8(
      xhtml(
        a.title,
        `<section epub:type="chapter">
<p class="meta">Chapter ${i + 1} · ${escapeXml(a.category.title)} · ${a.readingMinutes} min read</p>
<h1>${escapeXml(a.title)}</h1>
<p class="meta">By ${escapeXml(a.author)}</p>
<p class="summary">${escapeXml(a.summary)}</p>
${a.html}
${sources}
</section>`,
        '../style.css',
      ),
    )
  })
  return zipSync(files, { level: 9, mtime: book.modified })
}

// PDF: a 6 x 9 inch book in Noto fonts, embedded as subsets (real text in any script).
const pageWidth = 432
const pageHeight = 648
const margin = 54
const bottom = margin + 18

/** Near equivalents for the few symbols the book's fonts have no glyph for. */
const approximations: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2248': '~',
  '\u2605': '*',
  '\u2713': 'v',
}

/** One line of text as the PDF draws it: composed characters, no tabs or line breaks, a near equivalent for a symbol no font has. */
const textWriter = (unwritable: Set<string>) => (text: string) => {
  let out = ''
  for (const char of text.normalize('NFC').replace(/[\t\r\n]+/g, ' ')) out += unwritable.has(char) ? (approximations[char] ?? '?') : char
  return out
}

function wrap(text: string, font: ChainFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    // A word wider than the line is cut where it must be.
    let rest = word
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    line = rest
  }
  if (line) lines.push(line)
  return lines
}

/** The roles of the book's marked lines in its structure tree (see PdfStructure). */
const bookRoles: Roles = {
  Title: { kind: 'heading', type: 'H1' },
  // A chapter's section opens with its label line ("Chapter 2 · Interview Tips"), then its title.
  ChapterLabel: { kind: 'section', type: 'P' },
  Chapter: { kind: 'heading', type: 'H1' },
  Contents: { kind: 'section', type: 'H1' },
  Heading2: { kind: 'heading', type: 'H2' },
  Heading3: { kind: 'heading', type: 'H3' },
  Para: { kind: 'block', type: 'P' },
  Line: { kind: 'continue', type: 'P' },
  Item: { kind: 'item', type: 'LBody' },
  Quote: { kind: 'block', type: 'BlockQuote' },
  Code: { kind: 'block', type: 'Code' },
  TH: { kind: 'cell', type: 'TH' },
  TD: { kind: 'cell', type: 'TD' },
}

type Destination = { page: PDFPage; top: number }

export async function buildPdf(book: BookInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(book.title, { showInWindowTitleBar: true })
  pdf.setSubject(book.description)
  pdf.setAuthor('Waypoint')
  pdf.setCreator('Waypoint')
  pdf.setProducer('Waypoint')
  pdf.setCreationDate(book.modified)
  pdf.setModificationDate(book.modified)
  registerTrueTypeKit(pdf)
  // Every string the book may draw: its own words, the chapters, and the page furniture.
  const { missing, ...fonts } = await embedBookFonts(
    pdf,
    `${JSON.stringify(book)} Contents Chapter By min read Sources Edition of Waypoint 0123456789 ·:-<>~*v?`,
  )
  const pdfText = textWriter(new Set(missing))
  const structure = new PdfStructure(pdf, bookRoles)
  const ink = rgb(0.1, 0.12, 0.16)
  const muted = rgb(0.38, 0.4, 0.45)
  const rule = rgb(0.8, 0.82, 0.85)
  const width = pageWidth - 2 * margin

  let page: PDFPage = pdf.addPage([pageWidth, pageHeight])
  let y = pageHeight - margin
  const newPage = () => {
    page = pdf.addPage([pageWidth, pageHeight])
    y = pageHeight - margin
  }
  const here = (): Destination => ({ page, top: y })
  const write = (
    text: string,
    tag: string,
    o: { font: ChainFont; size: number; leading?: number; indent?: number; before?: number; color?: typeof ink; keep?: number },
  ): Destination => {
    const leading = o.leading ?? o.size * 1.35
    const indent = o.indent ?? 0
    const lines = wrap(pdfText(text), o.font, o.size, width - indent)
    y -= o.before ?? 0
    // Headings keep their first lines of text with them on the page.
    if (y - leading * Math.min(lines.length + (o.keep ?? 0), 3) < bottom) newPage()
    const start = here()
    lines.forEach((line, index) => {
      if (y - leading < bottom) newPage()
      y -= leading
      structure.mark(page, index === 0 ? tag : 'Line', () =>
        drawChainText(page, line, { x: margin + indent, y: y + (leading - o.size) / 2, size: o.size, font: o.font, color: o.color ?? ink }),
      )
    })
    return start
  }

  /** A table: columns as wide as their text allows, cells wrapped, rows whole on a page (the header row again on a new one). */
  const table = (rows: string[][], header: boolean) => {
    const pad = 4
    const columns = Math.max(...rows.map((r) => r.length))
    const column = (c: number) => rows.map((r, i) => ({ text: pdfText(r[c] ?? ''), font: header && i === 0 ? fonts.heading : fonts.sans }))
    const sum = (list: number[]) => list.reduce((total, w) => total + w, 0)
    // No column narrower than its longest word, so words never break: a table too wide for that
    // at 8.5pt is set smaller (not under 6pt).
    const leastAt = (at: number) =>
      Array.from({ length: columns }, (_, c) =>
        Math.max(20, ...column(c).flatMap((cell) => cell.text.split(' ').map((word) => cell.font.widthOfTextAtSize(word, at) + pad * 2))),
      )
    let size = 8.5
    for (let tries = 0; tries < 4 && sum(leastAt(size)) > width && size > 6; tries += 1)
      size = Math.max(6, size * (width / sum(leastAt(size))) - 0.05)
    const leading = size * 1.3
    const cellWidth = (text: string, font: ChainFont) => font.widthOfTextAtSize(text, size) + pad * 2
    const natural = Array.from({ length: columns }, (_, c) => Math.max(20, ...column(c).map((cell) => cellWidth(cell.text, cell.font))))
    const least = leastAt(size)
    // The rest of the line is shared in proportion to what each column would take on one line.
    const spare = width - sum(least)
    const widths =
      sum(natural) <= width
        ? natural
        : spare <= 0
          ? least.map((w) => (w / sum(least)) * width)
          : least.map((w, c) => w + (spare * (natural[c]! - w)) / Math.max(1, sum(natural) - sum(least)))
    const drawRow = (cells: string[], head: boolean, first: boolean) => {
      const font = head ? fonts.heading : fonts.sans
      const wrapped = widths.map((w, c) => wrap(pdfText(cells[c] ?? ''), font, size, w - pad * 2))
      const height = Math.max(1, ...wrapped.map((l) => l.length)) * leading + pad * 2
      if (y - height < bottom) {
        newPage()
        if (header && !head) drawRow(rows[0]!, true, true)
      }
      let x = margin
      wrapped.forEach((lines, c) => {
        structure.mark(
          page,
          head ? 'TH' : 'TD',
          () =>
            lines.forEach((line, i) =>
              drawChainText(page, line, { x: x + pad, y: y - pad - leading * (i + 1) + (leading - size) / 2 + 1, size, font, color: ink }),
            ),
          { row: c === 0, table: first && c === 0 },
        )
        x += widths[c]!
      })
      y -= height
      const lineY = y
      structure.artifact(page, () =>
        page.drawLine({
          start: { x: margin, y: lineY },
          end: { x: margin + widths.reduce((s, w) => s + w, 0), y: lineY },
          thickness: head ? 0.8 : 0.4,
          color: head ? ink : rule,
        }),
      )
    }
    y -= 6
    rows.forEach((cells, index) => drawRow(cells, header && index === 0, index === 0))
    y -= 4
  }

  // Title page.
  y = pageHeight - 180
  write(book.title, 'Title', { font: fonts.heading, size: 26, leading: 32 })
  write(book.subtitle, 'Para', { font: fonts.italic, size: 15, before: 10, color: muted })
  write(book.description, 'Para', { font: fonts.body, size: 11.5, before: 28 })
  // The imprint at the foot of the title page (lower, and its last line went to a page of its own).
  y = margin + 60
  write('Waypoint', 'Para', { font: fonts.heading, size: 12 })
  write(`Edition of ${book.modified.toISOString().slice(0, 10)}`, 'Para', { font: fonts.sans, size: 9, color: muted })

  // Contents: laid out after the chapters (page numbers known), on pages reserved now.
  const contentsLines = book.chapters.reduce((n, a) => n + wrap(pdfText(a.title), fonts.body, 11, width - 40).length, 0)
  const contentsPageCount = Math.max(1, Math.ceil((contentsLines * 17 + 60) / (pageHeight - margin - bottom)))
  const contentsPages = Array.from({ length: contentsPageCount }, () => pdf.addPage([pageWidth, pageHeight]))
  // The contents are drawn last, so in the structure tree they are a section after the chapters;
  // the outline lists them first.

  const chapters: { title: string; at: Destination; sections: { title: string; at: Destination }[] }[] = []
  for (const [index, article] of book.chapters.entries()) {
    // Made on a request: let other requests through between chapters.
    await new Promise((resolve) => setImmediate(resolve))
    newPage()
    const top = here()
    write(`Chapter ${index + 1} · ${article.category.title}`, 'ChapterLabel', { font: fonts.sans, size: 9, color: muted, before: 40 })
    write(article.title, 'Chapter', { font: fonts.heading, size: 20, leading: 25, before: 8 })
    const chapter = { title: article.title, at: top, sections: [] as { title: string; at: Destination }[] }
    chapters.push(chapter)
    write(`By ${article.author} · ${article.readingMinutes} min read`, 'Para', { font: fonts.sans, size: 9, color: muted, before: 6 })
    write(article.summary, 'Para', { font: fonts.italic, size: 12, before: 14 })
    for (const block of bookBlocks(article.bodyMd)) {
      switch (block.kind) {
        case 'heading': {
          const at = write(block.text, block.level === 2 ? 'Heading2' : 'Heading3', {
            font: fonts.heading,
            size: block.level === 2 ? 13.5 : 11.5,
            before: block.level === 2 ? 14 : 8,
            keep: 2,
          })
          if (block.level === 2) chapter.sections.push({ title: block.text, at })
          break
        }
        case 'paragraph':
          write(block.text, 'Para', { font: fonts.body, size: 11, leading: 15, before: 6 })
          break
        case 'item':
          write(`${block.marker} ${block.text}`, 'Item', { font: fonts.body, size: 11, leading: 15, before: 3, indent: 12 * block.depth })
          break
        case 'quote':
          write(block.text, 'Quote', { font: fonts.italic, size: 11, leading: 15, before: 6, indent: 18 })
          break
        case 'code':
          for (const line of block.text.split('\n')) write(line || ' ', 'Code', { font: fonts.code, size: 8.5, leading: 11, indent: 8 })
          break
        case 'table':
          table(block.rows, block.header)
          break
      }
    }
    if (article.sources.length > 0) {
      write('Sources', 'Heading2', { font: fonts.heading, size: 11.5, before: 14, keep: 1 })
      for (const source of article.sources) {
        write(`${source.title}: ${source.url}`, 'Item', { font: fonts.body, size: 9.5, leading: 13, before: 3, indent: 12 })
      }
    }
  }

  // Fill in the contents: each entry a link to its chapter.
  let contentsIndex = 0
  page = contentsPages[0]!
  y = pageHeight - margin
  const contentsAt = write('Contents', 'Contents', { font: fonts.heading, size: 18, leading: 24 })
  y -= 12
  const links = new Map<PDFPage, { rect: number[]; to: Destination }[]>()
  book.chapters.forEach((article, index) => {
    const lines = wrap(pdfText(article.title), fonts.body, 11, width - 40)
    if (y - lines.length * 17 < bottom && contentsIndex + 1 < contentsPages.length) {
      page = contentsPages[++contentsIndex]!
      y = pageHeight - margin
    }
    const to = chapters[index]!.at
    const number = String(pdf.getPages().indexOf(to.page) + 1)
    const entryTop = y
    structure.mark(page, 'Item', () =>
      lines.forEach((line, i) => {
        y -= 17
        drawChainText(page, line, { x: margin, y, size: 11, font: fonts.body, color: ink })
        if (i === 0)
          drawChainText(page, number, {
            x: pageWidth - margin - fonts.sans.widthOfTextAtSize(number, 10),
            y,
            size: 10,
            font: fonts.sans,
            color: muted,
          })
      }),
    )
    const list = links.get(page) ?? []
    list.push({ rect: [margin, y - 4, pageWidth - margin, entryTop], to })
    links.set(page, list)
  })
  const destination = (to: Destination) => [to.page.ref, PDFName.of('XYZ'), PDFNull, to.top, PDFNull]
  for (const [linkPage, list] of links) {
    const annotations = list.map((link) =>
      pdf.context.register(pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: link.rect, Border: [0, 0, 0], Dest: destination(link.to) })),
    )
    linkPage.node.set(PDFName.of('Annots'), pdf.context.obj(annotations))
  }

  // Page numbers (not on the title page): pagination, no part of the text's structure.
  pdf.getPages().forEach((p, index) => {
    if (index === 0) return
    const label = String(index + 1)
    structure.artifact(p, () =>
      drawChainText(p, label, {
        x: (pageWidth - fonts.sans.widthOfTextAtSize(label, 9)) / 2,
        y: margin / 2,
        size: 9,
        font: fonts.sans,
        color: muted,
      }),
    )
  })

  // Bookmarks: Contents, then each chapter with its sections.
  writeOutline(pdf, [{ title: 'Contents', at: contentsAt, sections: [] }, ...chapters], destination)
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'))
  structure.finish('en')
  return pdf.save({ useObjectStreams: false })
}

/** The document outline (PDF 12.3.3): one item per chapter, its sections below it, closed. */
function writeOutline(
  pdf: PDFDocument,
  entries: { title: string; at: Destination; sections: { title: string; at: Destination }[] }[],
  destination: (to: Destination) => unknown[],
) {
  const context = pdf.context
  const root = context.nextRef()
  const items = (list: { title: string; at: Destination; sections?: { title: string; at: Destination }[] }[], parent: PDFRef): PDFRef[] => {
    const refs = list.map(() => context.nextRef())
    list.forEach((entry, i) => {
      const children = entry.sections && entry.sections.length > 0 ? items(entry.sections, refs[i]!) : []
      context.assign(
        refs[i]!,
        context.obj({
          Title: PDFHexString.fromText(entry.title),
          Parent: parent,
          ...(i > 0 ? { Prev: refs[i - 1] } : {}),
          ...(i < list.length - 1 ? { Next: refs[i + 1] } : {}),
          ...(children.length > 0 ? { First: children[0], Last: children.at(-1), Count: -children.length } : {}),
          Dest: destination(entry.at),
        } as Record<string, unknown> as never),
      )
    })
    return refs
  }
  const top = items(entries, root)
  context.assign(root, context.obj({ Type: 'Outlines', First: top[0], Last: top.at(-1), Count: top.length } as never))
  pdf.catalog.set(PDFName.of('Outlines'), root)
}
