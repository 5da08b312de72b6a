import { PDFDocument, PDFHexString, PDFName, PDFString, rgb, type PDFPage, type RGB } from 'pdf-lib'
import type { FontType, ResumeData } from '~contract/resume.ts'
import { resumeDocument, type Contact, type DocSection, type ResumeDocument } from '../document'
import { toJsonResume } from '../json-resume'
import { shownResumeData } from '../model'
import { contactIconPaths, showsIcon } from '../templates/icons'
import { contentWidth, pageMargin, pageSizesPt, titleTracking, visionaryBar, visionaryGutter, visionaryTitleSize } from '../templates/page-geometry'
import { hexColour, pdfSafeText } from '~pdf-engine/text.ts'
import { PdfStructure, type Roles } from '~pdf-engine/tagging.ts'
import { UnwritableCharacters } from '~pdf-engine/scripts.ts'
import { registerTrueTypeKit } from '~pdf-engine/truetype.ts'
import { embedDocumentFonts, prefetchDocumentFont } from '@/lib/pdf/document-pdf-fonts'
import { drawChainText } from '~pdf-engine/font-chain.ts'
import { languagesOf } from '~pdf-engine/language.ts'
import { addLink, gap, richLines, tagLines, textLines, tracked, type Block, type Ctx, type Line } from './lines'

/**
 * The PDF writer (loaded only when a user downloads): real text in embedded fonts, laid out
 * like the preview, paginated by whole entries; an entry taller than a page breaks between
 * lines, never through one. Every line sits in a marked-content sequence naming its role
 * (Name, SectionTitle, EntryTitle, Dates, Subtitle, Para, Line, Bullet, Tag, Contact*), which
 * is how our PDF import tells a subtitle from a paragraph, and from which the tagged structure
 * (headings, paragraphs, lists, sections) is built; links are clickable annotations.
 */

/** The roles of the resume's marked lines in its structure tree (see PdfStructure). */
const resumeRoles: Roles = {
  Name: { kind: 'heading', type: 'H1' },
  JobTitle: { kind: 'block', type: 'P' },
  // Contacts with an address to go to are links (their annotation sits in the element).
  ContactEmail: { kind: 'block', type: 'Link' },
  ContactPhone: { kind: 'block', type: 'Link' },
  ContactAddress: { kind: 'block', type: 'P' },
  ContactWebsite: { kind: 'block', type: 'Link' },
  ContactLinkedIn: { kind: 'block', type: 'Link' },
  SectionTitle: { kind: 'section', type: 'H2' },
  EntryTitle: { kind: 'heading', type: 'H3' },
  Dates: { kind: 'block', type: 'P' },
  Subtitle: { kind: 'block', type: 'P' },
  Para: { kind: 'block', type: 'P' },
  Line: { kind: 'continue', type: 'P' },
  Bullet: { kind: 'label', type: 'Lbl' },
  Tag: { kind: 'item', type: 'LBody' },
}

const contactTags: Record<Contact['kind'], string> = {
  email: 'ContactEmail',
  phone: 'ContactPhone',
  address: 'ContactAddress',
  website: 'ContactWebsite',
  linkedin: 'ContactLinkedIn',
}

function contactUrl(contact: Contact): string | null {
  const text = contact.text.trim()
  if (contact.kind === 'email') return `mailto:${text}`
  if (contact.kind === 'phone') return `tel:${text.replace(/[^\d+]/g, '')}`
  if (contact.kind === 'website' || contact.kind === 'linkedin') return /^https?:\/\//i.test(text) ? text : `https://${text}`
  return null
}

function contactLines(contacts: Contact[], ctx: Ctx, x: number, width: number, colour: RGB, onBand: boolean, centred: boolean): Line[] {
  const { design, fonts } = ctx
  const size = design.fontSize * 0.92
  const iconBox = design.iconShape === 'none' ? size * 1.1 : size * 1.6
  const items = contacts.map((contact) => {
    const icon = showsIcon(contact.kind, design.icons)
    const w = (icon ? iconBox + 4 : 0) + fonts.regular.widthOfTextAtSize(contact.text, size)
    return { contact, icon, w }
  })
  const rows: (typeof items)[] = [[]]
  let used = 0
  for (const item of items) {
    const row = rows[rows.length - 1]!
    if (row.length > 0 && used + 14 + item.w > width) {
      rows.push([item])
      used = item.w
    } else {
      used += (row.length > 0 ? 14 : 0) + item.w
      row.push(item)
    }
  }
  const rowHeight = Math.max(iconBox, size * design.lineSpace) + 3
  return [
    gap(8),
    ...rows.map((row) => ({
      height: rowHeight,
      draw: (page: PDFPage, top: number) => {
        const total = row.reduce((sum, item) => sum + item.w, 0) + 14 * (row.length - 1)
        let at = centred ? x + (width - total) / 2 : x
        const middle = top - rowHeight / 2
        for (const item of row) {
          if (item.icon) {
            const shapeColour = onBand ? ctx.colours.white : ctx.colours.theme
            const strokeColour = design.iconShape === 'none' ? shapeColour : onBand ? ctx.colours.theme : ctx.colours.white
            if (design.iconShape === 'circle')
              ctx.structure.artifact(page, () => page.drawCircle({ x: at + iconBox / 2, y: middle, size: iconBox / 2, color: shapeColour }))
            else if (design.iconShape !== 'none')
              ctx.structure.artifact(page, () =>
                page.drawRectangle({ x: at, y: middle - iconBox / 2, width: iconBox, height: iconBox, color: shapeColour }),
              )
            const glyph = design.iconShape === 'none' ? iconBox : iconBox * 0.62
            ctx.structure.artifact(page, () =>
              page.drawSvgPath(contactIconPaths[item.contact.kind], {
                x: at + (iconBox - glyph) / 2,
                y: middle + glyph / 2,
                scale: glyph / 24,
                borderColor: strokeColour,
                borderWidth: 2,
              }),
            )
            at += iconBox + 4
          }
          const textWidth = fonts.regular.widthOfTextAtSize(item.contact.text, size)
          ctx.structure.mark(page, contactTags[item.contact.kind], () =>
            drawChainText(page, item.contact.text, { x: at, y: middle - size * 0.35, size, font: fonts.regular, color: colour }),
          )
          const url = contactUrl(item.contact)
          if (url) addLink(ctx, page, { x: at, y: middle - rowHeight / 2, width: textWidth, height: rowHeight, url })
          at += textWidth + 14
        }
      },
    })),
  ]
}

function headerBlock(doc: ResumeDocument, ctx: Ctx): { block: Block; band: number } {
  const { design, colours } = ctx
  const template = design.template
  const x = pageMargin.x
  const width = ctx.width
  const onBand = template === 'cool'
  const centred = template === 'brilliant'
  const nameSize = design.headingFontSize * (template === 'visionary' ? 2.2 : 2)
  const name = template === 'brilliant' ? (doc.name || 'Your name').toUpperCase() : doc.name || 'Your name'
  const nameColour = onBand ? colours.white : template === 'visionary' ? colours.theme : colours.title
  const lines: Line[] = []
  const font = template === 'brilliant' ? ctx.fonts.regular : ctx.fonts.bold
  // Letter spacing as the preview's CSS has it (brilliant's capitals are tracked).
  const nameTracking = template === 'brilliant' ? nameSize * 0.08 : 0
  const nameWidth = font.widthOfTextAtSize(name, nameSize) + nameTracking * [...name].length
  lines.push({
    height: nameSize * 1.15,
    draw: (page, top) =>
      ctx.structure.mark(page, 'Name', () =>
        tracked(page, nameTracking, () =>
          drawChainText(page, name, {
            x: centred ? x + (width - nameWidth) / 2 : x,
            y: top - nameSize * 0.92,
            size: nameSize,
            font,
            color: nameColour,
            spacing: nameTracking,
          }),
        ),
      ),
  })
  if (doc.jobTitle) {
    const size = template === 'brilliant' ? design.fontSize : design.fontSize * 1.25
    const text = template === 'brilliant' ? doc.jobTitle.toUpperCase() : doc.jobTitle
    const jobFont = template === 'visionary' ? ctx.fonts.regular : ctx.fonts.bold
    const colour = onBand ? colours.white : template === 'visionary' ? colours.title : colours.theme
    const tracking = size * (template === 'brilliant' ? 0.1 : template === 'visionary' ? 0.04 : 0)
    const w = jobFont.widthOfTextAtSize(text, size) + tracking * [...text].length
    lines.push(gap(2), {
      height: size * design.lineSpace,
      draw: (page, top) =>
        ctx.structure.mark(page, 'JobTitle', () =>
          tracked(page, tracking, () =>
            drawChainText(page, text, {
              x: centred ? x + (width - w) / 2 : x,
              y: top - size * design.lineSpace * 0.78,
              size,
              font: jobFont,
              color: colour,
              spacing: tracking,
            }),
          ),
        ),
    })
  }
  if (doc.contacts.length > 0) lines.push(...contactLines(doc.contacts, ctx, x, width, onBand ? colours.white : colours.text, onBand, centred))
  if (template === 'brilliant')
    lines.push(gap(6), {
      height: 0.75,
      draw: (page, top) =>
        ctx.structure.artifact(page, () =>
          page.drawLine({ start: { x, y: top }, end: { x: x + width, y: top }, thickness: 0.75, color: colours.title }),
        ),
    })
  if (template === 'visionary')
    lines.push(gap(design.sectionSpace * 0.6), {
      height: 2,
      draw: (page, top) => ctx.structure.artifact(page, () => page.drawRectangle({ x, y: top - 2, width, height: 2, color: colours.theme })),
    })
  if (onBand) {
    // The band: 28pt above the name, 20pt below the contacts, from the page's top edge.
    const inner = lines.reduce((sum, line) => sum + line.height, 0)
    const band = 28 + inner + 20
    return { block: { lines: [gap(28 - pageMargin.y), ...lines, gap(20 + design.sectionSpace)] }, band }
  }
  lines.push(gap(design.sectionSpace))
  return { block: { lines }, band: 0 }
}

function sectionTitleLines(title: string, ctx: Ctx, x: number, width: number): Line[] {
  const { design, colours, fonts } = ctx
  const size = design.template === 'visionary' ? design.headingFontSize * 0.85 : design.headingFontSize
  const text = title.toUpperCase()
  const spacing = size * (design.template === 'brilliant' ? 0.08 : 0.06)
  const textWidth = fonts.bold.widthOfTextAtSize(text, size) + spacing * text.length
  // One text run with character spacing: a parser reads the title as one word.
  const draw = (page: PDFPage, top: number, at: number) => {
    ctx.structure.mark(page, 'SectionTitle', () =>
      tracked(page, spacing, () =>
        drawChainText(page, text, {
          x: at,
          y: top - size * 0.95,
          size,
          font: fonts.bold,
          color: design.template === 'brilliant' ? colours.title : colours.theme,
          spacing,
        }),
      ),
    )
  }
  if (design.template === 'brilliant') {
    const start = x + (width - textWidth) / 2
    return [
      {
        height: size * 1.2 + 6,
        draw: (page, top) => {
          const mid = top - size * 0.6
          ctx.structure.artifact(page, () =>
            page.drawLine({ start: { x, y: mid }, end: { x: start - 8, y: mid }, thickness: 0.75, color: colours.theme }),
          )
          ctx.structure.artifact(page, () =>
            page.drawLine({ start: { x: start + textWidth + 8, y: mid }, end: { x: x + width, y: mid }, thickness: 0.75, color: colours.theme }),
          )
          draw(page, top, start)
        },
      },
    ]
  }
  if (design.template === 'cool') {
    return [
      {
        height: size * 1.2 + 3,
        draw: (page, top) => {
          draw(page, top, x)
          ctx.structure.artifact(page, () =>
            page.drawLine({
              start: { x, y: top - size * 1.2 - 2.5 },
              end: { x: x + width, y: top - size * 1.2 - 2.5 },
              thickness: 1,
              color: colours.theme,
            }),
          )
        },
      },
      gap(7),
    ]
  }
  // Visionary: the title wraps between words inside its column (a word too wide makes the title
  // smaller), as the preview's does, and never runs into the entries. All its lines are one
  // marked sequence, so a parser still reads one title.
  const fitted = visionaryTitleSize(title, design, (word) => fonts.bold.widthOfTextAtSize(word, 1))
  const fittedSpacing = fitted * titleTracking
  const lines = wrapTitle(text, (part) => fonts.bold.widthOfTextAtSize(part, fitted) + fittedSpacing * [...part].length, width)
  const lineHeight = fitted * 1.2
  return [
    {
      height: lineHeight * lines.length + 6,
      draw: (page, top) =>
        ctx.structure.mark(page, 'SectionTitle', () =>
          tracked(page, fittedSpacing, () =>
            lines.forEach((line, i) =>
              drawChainText(page, line, {
                x,
                y: top - fitted * 0.95 - lineHeight * i,
                size: fitted,
                font: fonts.bold,
                color: colours.theme,
                spacing: fittedSpacing,
              }),
            ),
          ),
        ),
    },
  ]
}

/** Greedy wrap between words (a word wider than `width` gets a line of its own). */
function wrapTitle(text: string, widthOf: (text: string) => number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (!line || widthOf(candidate) <= width) line = candidate
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  return lines
}

function sectionBlocks(section: DocSection, ctx: Ctx): Block[] {
  const { design, colours, fonts } = ctx
  const visionary = design.template === 'visionary'
  const x = pageMargin.x + (visionary ? visionaryGutter : 0)
  const width = ctx.width - (visionary ? visionaryGutter : 0)
  const titleLines = sectionTitleLines(section.title, ctx, visionary ? pageMargin.x : x, visionary ? visionaryGutter - 12 : width)
  const make = (first: boolean, body: Line[]): Block => {
    const top = first ? [gap(design.sectionSpace)] : []
    const end = [gap(design.paragraphSpace)]
    if (!first) return { lines: [...body, ...end] }
    if (visionary) {
      const side = titleLines[0]!
      // The row is as tall as the taller of its two columns, as in the preview's grid.
      const bodyHeight = [...body, ...end].reduce((sum, line) => sum + line.height, 0)
      const rest = side.height - bodyHeight
      return {
        lines: [...top, ...body, ...end, ...(rest > 0 ? [gap(rest)] : [])],
        sideDraw: (page, blockTop) => side.draw(page, blockTop - design.sectionSpace),
      }
    }
    return { lines: [...top, ...titleLines, ...body, ...end] }
  }
  if (section.kind === 'text') return [make(true, richLines(section.body, ctx, x, width))]
  if (section.kind === 'tags') return [make(true, tagLines(section.tags, ctx, x, width))]
  return section.entries.map((entry, index) => {
    const titleSize = design.fontSize * 1.1
    const dateSize = design.fontSize * 0.92
    const datesWidth = entry.dates ? fonts.regular.widthOfTextAtSize(entry.dates, dateSize) + 12 : 0
    const titleColour = design.template === 'brilliant' ? colours.theme : colours.title
    const heads = textLines([{ text: entry.title, bold: true }], {
      ctx,
      x,
      width: width - datesWidth,
      size: titleSize,
      colour: titleColour,
      tag: 'EntryTitle',
    })
    if (heads.length === 0) heads.push({ height: titleSize * design.lineSpace, draw: () => {} })
    const firstHead = heads[0]!
    heads[0] = {
      height: firstHead.height,
      draw: (page, top) => {
        firstHead.draw(page, top)
        if (entry.dates) {
          const w = fonts.regular.widthOfTextAtSize(entry.dates, dateSize)
          ctx.structure.mark(page, 'Dates', () =>
            drawChainText(page, entry.dates!, {
              x: x + width - w,
              y: top - (firstHead.height + titleSize * 0.7) / 2,
              size: dateSize,
              font: fonts.regular,
              color: colours.muted,
            }),
          )
        }
      },
    }
    const body = [
      ...heads,
      ...(entry.subtitle
        ? textLines([{ text: entry.subtitle }], { ctx, x, width, size: design.fontSize, colour: colours.muted, tag: 'Subtitle' })
        : []),
      ...(entry.body.length > 0 ? richLines(entry.body, ctx, x, width) : []),
    ]
    return make(index === 0, body)
  })
}

/**
 * What the user wrote, for the document's language: names, titles, entries and custom section
 * titles; not our section titles, dates or contacts (the same in every language).
 */
function contentText(doc: ResumeDocument): string {
  const runs = (blocks: { runs: { text: string }[] }[]) => blocks.flatMap((block) => block.runs.map((run) => run.text))
  return [
    doc.name,
    doc.jobTitle,
    ...doc.sections.flatMap((section) => [
      section.key.startsWith('custom:') ? section.title : '',
      ...(section.kind === 'entries'
        ? section.entries.flatMap((entry) => [entry.title, entry.subtitle, ...runs(entry.body)])
        : section.kind === 'tags'
          ? section.tags
          : runs(section.body)),
    ]),
  ].join('\n')
}

/** Characters the embedded font has no glyph for would vanish: swap the common ones. */
function normaliseText(data: ResumeData): ResumeData {
  return JSON.parse(pdfSafeText(JSON.stringify(data))) as ResumeData
}

/** Test hook: where font files come from outside a browser (the builders' PDF writers share it). */
export { setFontBytesLoader as setFontLoader } from '~pdf-engine/font-chain.ts'

/** Fetches a font's two files ahead of the first export (the Finalize step calls it when idle). */
export function prefetchFont(type: FontType): void {
  prefetchDocumentFont(type)
}

/**
 * The PDF a download gives. Private by default: its title comes from the person's name (never
 * the draft's own name) and the attached JSON holds only the sections the page shows.
 */
export async function exportPdf(input: ResumeData, opts: { anyway?: boolean } = {}): Promise<Uint8Array> {
  const data = normaliseText(input)
  const { design } = data
  const doc = resumeDocument(data)
  const pdf = await PDFDocument.create()
  registerTrueTypeKit(pdf)
  // Every string the layout may draw, as written and in capitals (titles and brilliant's name).
  const strings = `${JSON.stringify(doc)} Your name •`
  const { regular, bold, missing } = await embedDocumentFonts(pdf, design.fontType, `${strings}${strings.toUpperCase()}`)
  if (missing.length > 0 && !opts.anyway) throw new UnwritableCharacters(missing)
  // The document's language (/Lang) as the user set it or from what they wrote, and spans in another script tagged with theirs.
  const detected = languagesOf(contentText(doc))
  const languages = { ...detected, document: data.language || detected.document }
  regular.languages = bold.languages = languages
  const ctx: Ctx = {
    design,
    fonts: { regular, bold },
    width: contentWidth(design),
    colours: {
      theme: hexColour(design.themeColor),
      text: hexColour(design.fontColor),
      title: hexColour(design.titleColor),
      muted: rgb(0.33, 0.37, 0.43),
      white: rgb(1, 1, 1),
    },
    links: new Map(),
    structure: new PdfStructure(pdf, resumeRoles),
  }
  pdf.setTitle(doc.name ? `${doc.name} – Resume` : 'Resume')
  pdf.setAuthor(doc.name)
  pdf.setCreator('Waypoint resume builder')
  pdf.setProducer('Waypoint')

  const size = pageSizesPt[design.pageSize]
  const bottom = pageMargin.y
  const header = headerBlock(doc, ctx)
  const blocks = [header.block, ...doc.sections.flatMap((section) => sectionBlocks(section, ctx))]

  let page: PDFPage
  let y = 0
  const newPage = () => {
    page = pdf.addPage([size.width, size.height])
    if (design.template === 'visionary')
      ctx.structure.artifact(page, () => page.drawRectangle({ x: 0, y: 0, width: visionaryBar, height: size.height, color: ctx.colours.theme }))
    y = size.height - pageMargin.y
  }
  newPage()
  if (header.band > 0)
    ctx.structure.artifact(page!, () =>
      page!.drawRectangle({ x: 0, y: size.height - header.band, width: size.width, height: header.band, color: ctx.colours.theme }),
    )

  const usable = size.height - pageMargin.y * 2
  for (const block of blocks) {
    // A section's top spacing is dropped at the top of a page, as the preview does not need it either.
    const height = block.lines.reduce((sum, line) => sum + line.height, 0)
    if (y - height < bottom && height <= usable && y < size.height - pageMargin.y) newPage()
    let first = true
    for (const line of block.lines) {
      if (y - line.height < bottom - 0.01) newPage()
      if (first && block.sideDraw) block.sideDraw(page!, y)
      first = false
      line.draw(page!, y)
      y -= line.height
    }
  }
  for (const [linkPage, links] of ctx.links) {
    const annotations = links.map((link) => {
      const ref = pdf.context.register(
        pdf.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [link.x, link.y, link.x + link.width, link.y + link.height],
          Border: [0, 0, 0],
          // What a screen reader says for the link.
          Contents: PDFHexString.fromText(link.url),
          A: { Type: 'Action', S: 'URI', URI: PDFString.of(link.url) },
        }),
      )
      ctx.structure.annotate(link.mark, linkPage, ref)
      return ref
    })
    linkPage.node.set(PDFName.of('Annots'), pdf.context.obj(annotations))
  }
  // Tagged: headings, paragraphs, lists and sections in reading order, for screen readers and parsers.
  ctx.structure.finish(languages.document)
  // The exact resume as JSON Resume, for our own import: the text parse is checked against it.
  await pdf.attach(Uint8Array.from(new TextEncoder().encode(JSON.stringify(toJsonResume(shownResumeData(input))))), 'resume.json', {
    mimeType: 'application/json',
    description: 'This resume as JSON Resume (jsonresume.org), written by Waypoint',
  })
  return pdf.save()
}
