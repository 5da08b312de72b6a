import { unzipSync } from 'fflate'
import { at, child, elements, parseXml, textOf, type XmlNode } from './ooxml'

/**
 * A Word file (.docx) read into what its author set: paragraphs with their style's name, outline
 * level (headings), list marker, indents, alignment, tab stops and spacing; runs with their size,
 * weight and link; tables with their column widths; the page's size and margins; the first
 * page's header and footer; text boxes. Styles are followed through their "based on" chain and
 * the document defaults, as Word does. Deleted text, hidden text, field codes and the page
 * numbers of PAGE/NUMPAGES fields are left out; inserted text is kept.
 */

export type DocxRun = { text: string; bold: boolean; italic: boolean; size: number; font: string; link: string | null }
export type DocxTab = { pos: number; align: 'left' | 'right' | 'center' | 'decimal' }
export type DocxParagraph = {
  kind: 'p'
  runs: DocxRun[]
  /** The paragraph style's name as Word shows it ("heading 1", "List Bullet", "Title"). */
  style: string
  /** 0 for Heading 1, 1 for Heading 2...; -1 for the Title style; null for body text. */
  outline: number | null
  /** The list marker Word draws ("•", "1.", "a)"), or null outside a list. */
  list: { marker: string; level: number } | null
  /** Left indent and the first line's offset from it (negative: hanging), in points. */
  indent: number
  firstLine: number
  align: 'left' | 'center' | 'right' | 'both'
  tabs: DocxTab[]
  before: number
  after: number
  /** Line height as a multiple of the font size. */
  line: number
  part: 'body' | 'header' | 'footer' | 'textbox'
}
export type DocxCell = { span: number; blocks: DocxBlock[] }
export type DocxTable = { kind: 'table'; indent: number; columns: number[]; rows: DocxCell[][] }
export type DocxBlock = DocxParagraph | DocxTable
export type DocxPage = { width: number; height: number; left: number; right: number; top: number; bottom: number }
export type DocxDocument = { blocks: DocxBlock[]; header: DocxBlock[]; footer: DocxBlock[]; page: DocxPage }

export class NotDocx extends Error {}

type Style = { name: string; type: string; basedOn: string | null; pPr?: XmlNode; rPr?: XmlNode }

const twips = (value: string | undefined) => (value === undefined || value === '' ? undefined : Number(value) / 20)
const off = (node: XmlNode | undefined) => node !== undefined && /^(0|false|off)$/i.test(node.attrs['w:val'] ?? '')
const on = (node: XmlNode | undefined) => node !== undefined && !off(node)

function readStyles(xml: XmlNode | undefined) {
  const styles = new Map<string, Style>()
  let defaultParagraph: string | null = null
  for (const node of elements(xml, 'w:style')) {
    const id = node.attrs['w:styleId'] ?? ''
    const type = node.attrs['w:type'] ?? 'paragraph'
    styles.set(id, {
      name: at(node, 'w:name')?.attrs['w:val'] ?? id,
      type,
      basedOn: at(node, 'w:basedOn')?.attrs['w:val'] ?? null,
      pPr: child(node, 'w:pPr'),
      rPr: child(node, 'w:rPr'),
    })
    if (type === 'paragraph' && /^(1|true|on)$/i.test(node.attrs['w:default'] ?? '')) defaultParagraph = id
  }
  const defaults = {
    rPr: at(xml, 'w:docDefaults', 'w:rPrDefault', 'w:rPr'),
    pPr: at(xml, 'w:docDefaults', 'w:pPrDefault', 'w:pPr'),
  }
  /** A style and the styles it is based on, nearest first. */
  const chain = (id: string | null | undefined): Style[] => {
    const out: Style[] = []
    for (let style = id ? styles.get(id) : undefined; style && out.length < 20; style = style.basedOn ? styles.get(style.basedOn) : undefined)
      out.push(style)
    return out
  }
  return { styles, defaultParagraph, defaults, chain }
}

type Level = { format: string; text: string; start: number; indent?: number; firstLine?: number }

function readNumbering(xml: XmlNode | undefined) {
  const abstract = new Map<string, Map<number, Level>>()
  for (const node of elements(xml, 'w:abstractNum')) {
    const levels = new Map<number, Level>()
    for (const lvl of elements(node, 'w:lvl')) {
      const ind = at(lvl, 'w:pPr', 'w:ind')
      levels.set(Number(lvl.attrs['w:ilvl'] ?? 0), {
        format: at(lvl, 'w:numFmt')?.attrs['w:val'] ?? 'bullet',
        text: at(lvl, 'w:lvlText')?.attrs['w:val'] ?? '',
        start: Number(at(lvl, 'w:start')?.attrs['w:val'] ?? 1),
        indent: twips(ind?.attrs['w:left'] ?? ind?.attrs['w:start']),
        firstLine: ind?.attrs['w:hanging'] ? -twips(ind.attrs['w:hanging'])! : twips(ind?.attrs['w:firstLine']),
      })
    }
    abstract.set(node.attrs['w:abstractNumId'] ?? '', levels)
  }
  const nums = new Map<string, Map<number, Level>>()
  for (const node of elements(xml, 'w:num')) {
    const levels = abstract.get(at(node, 'w:abstractNumId')?.attrs['w:val'] ?? '')
    if (levels) nums.set(node.attrs['w:numId'] ?? '', levels)
  }
  return nums
}

const roman = (n: number) => {
  const parts: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ]
  let out = ''
  for (const [value, letters] of parts)
    while (n >= value) {
      out += letters
      n -= value
    }
  return out
}
const counter = (format: string, n: number) =>
  format === 'lowerLetter'
    ? String.fromCharCode(96 + (((n - 1) % 26) + 1))
    : format === 'upperLetter'
      ? String.fromCharCode(64 + (((n - 1) % 26) + 1))
      : format === 'lowerRoman'
        ? roman(n)
        : format === 'upperRoman'
          ? roman(n).toUpperCase()
          : String(n)

/** Reads the .docx's bytes. Throws NotDocx when the file is not a Word document. */
export function readDocx(bytes: Uint8Array): DocxDocument {
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, { filter: (file) => file.name.endsWith('.xml') || file.name.endsWith('.rels') })
  } catch {
    throw new NotDocx('not a zip file')
  }
  const decoder = new TextDecoder()
  const xml = (name: string) => {
    const file = files[name]
    if (!file) return undefined
    try {
      return parseXml(decoder.decode(file))
    } catch {
      return undefined
    }
  }
  const documentXml = xml('word/document.xml')
  const body = at(documentXml, 'w:body')
  if (!body) throw new NotDocx('no word/document.xml')
  const { defaultParagraph, defaults, chain } = readStyles(xml('word/styles.xml'))
  const numbering = readNumbering(xml('word/numbering.xml'))
  const relsOf = (part: string) => {
    const slash = part.lastIndexOf('/')
    const rels = xml(`${part.slice(0, slash)}/_rels/${part.slice(slash + 1)}.rels`)
    return new Map(elements(rels, 'Relationship').map((r) => [r.attrs.Id ?? '', r.attrs.Target ?? ''] as const))
  }
  const counters = new Map<string, number[]>()

  function readBlocks(container: XmlNode, part: DocxParagraph['part'], rels: Map<string, string>, out: DocxBlock[] = []): DocxBlock[] {
    for (const node of elements(container)) {
      if (node.name === 'w:p') readParagraph(node, part, rels, out)
      else if (node.name === 'w:tbl') out.push(readTable(node, part, rels))
      else if (node.name === 'w:sdt') readBlocks(child(node, 'w:sdtContent') ?? node, part, rels, out)
      else if (node.name === 'w:customXml' || node.name === 'w:ins' || node.name === 'w:smartTag') readBlocks(node, part, rels, out)
      else if (node.name === 'mc:AlternateContent') readBlocks(child(node, 'mc:Choice') ?? child(node, 'mc:Fallback') ?? node, part, rels, out)
    }
    return out
  }

  function readTable(node: XmlNode, part: DocxParagraph['part'], rels: Map<string, string>): DocxTable {
    const columns = elements(at(node, 'w:tblGrid'), 'w:gridCol').map((col) => twips(col.attrs['w:w']) ?? 0)
    const rows: DocxCell[][] = []
    for (const tr of elements(node, 'w:tr').concat(elements(node, 'w:sdt').flatMap((sdt) => elements(child(sdt, 'w:sdtContent'), 'w:tr')))) {
      rows.push(
        elements(tr, 'w:tc').map((tc) => ({ span: Number(at(tc, 'w:tcPr', 'w:gridSpan')?.attrs['w:val'] ?? 1), blocks: readBlocks(tc, part, rels) })),
      )
    }
    return { kind: 'table', indent: twips(at(node, 'w:tblPr', 'w:tblInd')?.attrs['w:w']) ?? 0, columns, rows }
  }

  /** A paragraph property from the paragraph, then its style chain, then the document defaults. */
  function paragraphProperty(pPr: XmlNode | undefined, styleId: string, name: string): XmlNode | undefined {
    const found = child(pPr, name)
    if (found) return found
    for (const style of chain(styleId)) {
      const inStyle = child(style.pPr, name)
      if (inStyle) return inStyle
    }
    return child(defaults.pPr, name)
  }

  function readParagraph(node: XmlNode, part: DocxParagraph['part'], rels: Map<string, string>, out: DocxBlock[]) {
    const pPr = child(node, 'w:pPr')
    const styleId = at(pPr, 'w:pStyle')?.attrs['w:val'] ?? defaultParagraph ?? ''
    const styles = chain(styleId)
    const styleName = styles[0]?.name ?? ''
    const outlineNode = paragraphProperty(pPr, styleId, 'w:outlineLvl')
    const headingName = /^heading\s*(\d)$/i.exec(styleName)
    const outline = /^(title|titre|titel|título|titolo)$/i.test(styleName)
      ? -1
      : headingName
        ? Number(headingName[1]) - 1
        : outlineNode && Number(outlineNode.attrs['w:val']) < 9
          ? Number(outlineNode.attrs['w:val'])
          : null
    // Runs, with the text boxes drawn in them as paragraphs of their own after this one.
    const boxes: DocxBlock[] = []
    const runs: DocxRun[] = []
    const field = { instruction: '', showing: true, link: null as string | null }
    const runProperty = (rPr: XmlNode | undefined, name: string): XmlNode | undefined => {
      const found = child(rPr, name)
      if (found) return found
      for (const style of chain(at(rPr, 'w:rStyle')?.attrs['w:val'])) {
        const inStyle = child(style.rPr, name)
        if (inStyle) return inStyle
      }
      for (const style of styles) {
        const inStyle = child(style.rPr, name)
        if (inStyle) return inStyle
      }
      return child(defaults.rPr, name)
    }
    const readRun = (run: XmlNode, link: string | null) => {
      const rPr = child(run, 'w:rPr')
      if (on(runProperty(rPr, 'w:vanish')) || on(runProperty(rPr, 'w:specVanish'))) return
      let text = ''
      for (const piece of elements(run)) {
        switch (piece.name) {
          case 'w:t':
            if (field.showing) text += textOf(piece)
            break
          case 'w:tab':
          case 'w:ptab':
            if (field.showing) text += '\t'
            break
          case 'w:br':
          case 'w:cr':
            if (field.showing && piece.attrs['w:type'] !== 'page' && piece.attrs['w:type'] !== 'column') text += '\n'
            break
          case 'w:noBreakHyphen':
            text += '-'
            break
          case 'w:fldChar': {
            const type = piece.attrs['w:fldCharType']
            if (type === 'begin') {
              field.instruction = ''
              field.showing = false
            } else if (type === 'separate') {
              field.showing = !/^\s*(PAGE|NUMPAGES|SECTIONPAGES)\b/i.test(field.instruction)
              field.link = /^\s*HYPERLINK\s+"([^"]+)"/i.exec(field.instruction)?.[1] ?? null
            } else if (type === 'end') {
              field.showing = true
              field.link = null
            }
            break
          }
          case 'w:instrText':
            field.instruction += textOf(piece)
            break
          case 'w:drawing':
          case 'w:pict':
          case 'mc:AlternateContent':
            for (const box of findTextBoxes(piece)) readBlocks(box, 'textbox', rels, boxes)
            break
        }
      }
      if (text === '') return
      // Superscript and subscript are drawn at about two thirds of the size.
      const shifted = /^(superscript|subscript)$/.test(runProperty(rPr, 'w:vertAlign')?.attrs['w:val'] ?? '')
      const size = (Number(runProperty(rPr, 'w:sz')?.attrs['w:val'] ?? 20) / 2) * (shifted ? 0.65 : 1)
      const fonts = runProperty(rPr, 'w:rFonts')
      runs.push({
        text,
        bold: on(runProperty(rPr, 'w:b')),
        italic: on(runProperty(rPr, 'w:i')),
        size: Number.isFinite(size) && size > 0 ? size : 10,
        font: fonts?.attrs['w:ascii'] ?? fonts?.attrs['w:hAnsi'] ?? fonts?.attrs['w:asciiTheme'] ?? '',
        link: link ?? field.link,
      })
    }
    const walk = (container: XmlNode, link: string | null) => {
      for (const piece of elements(container)) {
        if (piece.name === 'w:r') readRun(piece, link)
        else if (piece.name === 'w:hyperlink') {
          const target = piece.attrs['r:id'] ? (rels.get(piece.attrs['r:id']) ?? null) : null
          walk(piece, target ?? link)
        } else if (piece.name === 'w:fldSimple') {
          const instruction = piece.attrs['w:instr'] ?? ''
          if (!/^\s*(PAGE|NUMPAGES|SECTIONPAGES)\b/i.test(instruction)) walk(piece, /^\s*HYPERLINK\s+"([^"]+)"/i.exec(instruction)?.[1] ?? link)
        } else if (/^w:(ins|smartTag|customXml|sdt|sdtContent|moveTo|dir|bdo)$/.test(piece.name)) walk(piece, link)
        else if (piece.name === 'mc:AlternateContent') walk(child(piece, 'mc:Choice') ?? piece, link)
      }
    }
    walk(node, null)

    // The list marker Word draws, counted per list and level.
    let list: DocxParagraph['list'] = null
    let level: Level | undefined
    const numPr = paragraphProperty(pPr, styleId, 'w:numPr')
    const numId = at(numPr, 'w:numId')?.attrs['w:val']
    if (numId && numId !== '0') {
      const ilvl = Number(at(numPr, 'w:ilvl')?.attrs['w:val'] ?? 0)
      level = numbering.get(numId)?.get(ilvl)
      if (level && level.format !== 'none') {
        const counts = counters.get(numId) ?? []
        counts[ilvl] = (counts[ilvl] ?? level.start - 1) + 1
        counts.length = ilvl + 1
        counters.set(numId, counts)
        const marker =
          level.format === 'bullet'
            ? '•'
            : level.text.replace(/%(\d)/g, (_, n: string) => {
                const depth = Number(n) - 1
                const format = numbering.get(numId)?.get(depth)?.format ?? 'decimal'
                return counter(format, counts[depth] ?? 1)
              })
        list = { marker: marker.trim() || '•', level: ilvl }
      }
    }
    const ind = paragraphProperty(pPr, styleId, 'w:ind')
    const indent = twips(ind?.attrs['w:left'] ?? ind?.attrs['w:start']) ?? level?.indent ?? 0
    const firstLine = ind?.attrs['w:hanging']
      ? -twips(ind.attrs['w:hanging'])!
      : (twips(ind?.attrs['w:firstLine']) ?? (ind ? 0 : (level?.firstLine ?? 0)))
    const jc = paragraphProperty(pPr, styleId, 'w:jc')?.attrs['w:val'] ?? 'left'
    const spacing = paragraphProperty(pPr, styleId, 'w:spacing')
    const tabs: DocxTab[] = []
    for (const source of [child(pPr, 'w:tabs'), ...styles.map((style) => child(style.pPr, 'w:tabs'))].reverse())
      for (const tab of elements(source, 'w:tab')) {
        const pos = twips(tab.attrs['w:pos']) ?? 0
        const same = tabs.findIndex((t) => Math.abs(t.pos - pos) < 1)
        if (same !== -1) tabs.splice(same, 1)
        if (tab.attrs['w:val'] === 'clear') continue
        const align = tab.attrs['w:val'] === 'right' || tab.attrs['w:val'] === 'end' ? 'right' : tab.attrs['w:val'] === 'center' ? 'center' : 'left'
        tabs.push({ pos, align })
      }
    tabs.sort((a, b) => a.pos - b.pos)
    const lineRule = spacing?.attrs['w:lineRule'] ?? 'auto'
    const lineValue = Number(spacing?.attrs['w:line'] ?? 240)
    out.push({
      kind: 'p',
      runs,
      style: styleName,
      outline,
      list,
      indent,
      firstLine,
      align: jc === 'center' ? 'center' : jc === 'right' || jc === 'end' ? 'right' : jc === 'both' || jc === 'distribute' ? 'both' : 'left',
      tabs,
      before: twips(spacing?.attrs['w:before']) ?? 0,
      after: twips(spacing?.attrs['w:after']) ?? 0,
      line: lineRule === 'auto' && lineValue > 0 ? lineValue / 240 : 1,
      part,
    })
    out.push(...boxes)
  }

  const documentRels = relsOf('word/document.xml')
  const blocks = readBlocks(body, 'body', documentRels)
  const sectPr = child(body, 'w:sectPr')
  const pgSz = child(sectPr, 'w:pgSz')
  const pgMar = child(sectPr, 'w:pgMar')
  const page: DocxPage = {
    width: twips(pgSz?.attrs['w:w']) ?? 612,
    height: twips(pgSz?.attrs['w:h']) ?? 792,
    left: twips(pgMar?.attrs['w:left'] ?? pgMar?.attrs['w:start']) ?? 72,
    right: twips(pgMar?.attrs['w:right'] ?? pgMar?.attrs['w:end']) ?? 72,
    top: twips(pgMar?.attrs['w:top']) ?? 72,
    bottom: twips(pgMar?.attrs['w:bottom']) ?? 72,
  }
  // The first page's header and footer: the "first" one when the section has a title page.
  const titlePage = on(child(sectPr, 'w:titlePg'))
  const partOf = (kind: 'header' | 'footer'): DocxBlock[] => {
    const refs = elements(sectPr, `w:${kind}Reference`)
    const ref = (titlePage ? refs.find((r) => r.attrs['w:type'] === 'first') : undefined) ?? refs.find((r) => r.attrs['w:type'] !== 'even')
    const target = ref ? documentRels.get(ref.attrs['r:id'] ?? '') : undefined
    if (!target) return []
    const name = target.startsWith('/') ? target.slice(1) : `word/${target}`
    const root = xml(name)
    return root ? readBlocks(root, kind, relsOf(name)) : []
  }
  return { blocks, header: partOf('header'), footer: partOf('footer'), page }
}

/** The text boxes inside a drawing: Word's own (wps) or the VML fallback, never both. */
function findTextBoxes(node: XmlNode, out: XmlNode[] = []): XmlNode[] {
  if (node.name === 'mc:AlternateContent') {
    const choice = child(node, 'mc:Choice') ?? child(node, 'mc:Fallback')
    if (choice) findTextBoxes(choice, out)
    return out
  }
  for (const c of elements(node)) {
    if (c.name === 'w:txbxContent') out.push(c)
    else findTextBoxes(c, out)
  }
  return out
}
