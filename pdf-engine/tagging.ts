import {
  endMarkedContent,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  PDFString,
  type PDFDocument,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib'

/**
 * Tagged PDF (PDF 1.7 section 14.8) for the documents we write: every line of text sits in a
 * marked-content sequence with an MCID and a role (our own names, kept for our PDF import:
 * Name, SectionTitle, Para...), every drawing that is not text is an Artifact, and a structure
 * tree built from the roles in reading order gives screen readers and parsers headings,
 * paragraphs, lists and sections. The catalogue says it is tagged, in which language, and that
 * viewers show the title.
 *
 * How a role builds the tree:
 * - heading, block: an element of that role in the current section (a new one each time);
 * - section: opens a Sect under the document and is its heading;
 * - continue: more lines of the element before it (a wrapped paragraph);
 * - label: a list item's bullet (opens an LI in a list); the next block is the item's body;
 * - item: a list item in one piece (a skill tag, an e-book list line);
 * - cell: a table cell (TH or TD) in the current table; `mark`'s `row` option starts a row and
 *   `table` a new table.
 */
export type RoleKind = 'heading' | 'block' | 'section' | 'continue' | 'label' | 'item' | 'cell'
export type Role = { kind: RoleKind; type: string }
export type Roles = Record<string, Role>

type Mark = { tag: string; page: PDFPage; mcid: number; row?: boolean; table?: boolean }
type Annotation = { page: PDFPage; ref: PDFRef }
type Element = { type: string; kids: (Element | Mark)[]; parent: Element | null; annotations?: Annotation[] }

export class PdfStructure {
  private readonly marks: Mark[] = []
  private readonly nextMcid = new Map<PDFPage, number>()
  private readonly annotations = new Map<number, Annotation[]>()

  constructor(
    private readonly pdf: PDFDocument,
    private readonly roles: Roles,
  ) {}

  /** Draws `draw` as one marked-content sequence of role `tag`. */
  mark(page: PDFPage, tag: string, draw: () => void, table: { row?: boolean; table?: boolean } = {}) {
    const mcid = this.nextMcid.get(page) ?? 0
    this.nextMcid.set(page, mcid + 1)
    this.marks.push({ tag, page, mcid, ...table })
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(tag), `<</MCID ${mcid}>>`]))
    draw()
    page.pushOperators(endMarkedContent())
  }

  /** The sequence drawn last (or being drawn): what a link annotation made now belongs to. */
  lastMark(): number {
    return this.marks.length - 1
  }

  /** Puts a link annotation in the structure, in the element of sequence `mark` (from lastMark). */
  annotate(mark: number, page: PDFPage, ref: PDFRef) {
    const list = this.annotations.get(mark) ?? []
    list.push({ page, ref })
    this.annotations.set(mark, list)
  }

  /** Draws what is decoration or pagination (rules, bars, icons, page numbers): no part of the text. */
  artifact(page: PDFPage, draw: () => void) {
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]))
    draw()
    page.pushOperators(endMarkedContent())
  }

  private tree(): Element {
    const document: Element = { type: 'Document', kids: [], parent: null }
    let container = document
    let last: Element | null = null
    let openItem: Element | null = null
    let table: Element | null = null
    let row: Element | null = null
    const add = (parent: Element, type: string): Element => {
      const element: Element = { type, kids: [], parent }
      parent.kids.push(element)
      return element
    }
    const list = (): Element => {
      const previous = container.kids.at(-1)
      return previous && 'type' in previous && previous.type === 'L' ? previous : add(container, 'L')
    }
    for (const [index, mark] of this.marks.entries()) {
      const role = this.roles[mark.tag] ?? { kind: 'block', type: 'P' }
      if (role.kind !== 'cell') table = row = null
      switch (role.kind) {
        case 'cell':
          if (!table || mark.table) table = row = add(container, 'Table')
          if (row === table || mark.row) row = add(table, 'TR')
          last = add(row!, mark.tag)
          break
        case 'section':
          container = add(document, 'Sect')
          last = add(container, mark.tag)
          openItem = null
          break
        case 'continue':
          last ??= add(container, 'P')
          break
        case 'label':
          openItem = add(list(), 'LI')
          last = add(openItem, 'Lbl')
          break
        case 'item':
          openItem = null
          last = add(add(list(), 'LI'), 'LBody')
          break
        default:
          if (openItem) {
            last = add(openItem, 'LBody')
            openItem = null
          } else last = add(container, mark.tag)
      }
      last.kids.push(mark)
      const annotations = this.annotations.get(index)
      if (annotations) last.annotations = [...(last.annotations ?? []), ...annotations]
    }
    return document
  }

  /** Writes the structure tree and marks the document as tagged; call once, after the last page. */
  finish(language: string) {
    const { pdf } = this
    const context = pdf.context
    const pages = pdf.getPages()
    const parents = new Map<PDFPage, PDFRef[]>()
    const annotationParents: [PDFRef, PDFRef][] = []
    const root = context.nextRef()
    const write = (element: Element, parentRef: PDFRef): PDFRef => {
      const ref = context.nextRef()
      const kids = element.kids.map((kid) => {
        if ('type' in kid) return write(kid, ref)
        const refs = parents.get(kid.page) ?? []
        refs[kid.mcid] = ref
        parents.set(kid.page, refs)
        return context.obj({ Type: 'MCR', Pg: kid.page.ref, MCID: kid.mcid })
      })
      for (const annotation of element.annotations ?? []) {
        kids.push(context.obj({ Type: 'OBJR', Obj: annotation.ref, Pg: annotation.page.ref }))
        annotationParents.push([annotation.ref, ref])
      }
      const firstMark = element.kids.find((kid): kid is Mark => !('type' in kid))
      context.assign(
        ref,
        context.obj({ Type: 'StructElem', S: element.type, P: parentRef, K: kids, ...(firstMark ? { Pg: firstMark.page.ref } : {}) }),
      )
      return ref
    }
    const document = write(this.tree(), root)
    const nums: (number | PDFRef)[] = []
    pages.forEach((page, index) => {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(index))
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'))
      nums.push(index, context.register(context.obj(parents.get(page) ?? [])))
    })
    // Each link annotation names its element through the parent tree (its StructParent key).
    annotationParents.forEach(([annotation, element], i) => {
      const key = pages.length + i
      context.lookup(annotation, PDFDict).set(PDFName.of('StructParent'), PDFNumber.of(key))
      nums.push(key, element)
    })
    const roleMap = Object.fromEntries(
      Object.entries(this.roles)
        .filter(([tag, role]) => tag !== role.type && role.kind !== 'continue')
        .map(([tag, role]) => [tag, role.type]),
    )
    context.assign(
      root,
      context.obj({
        Type: 'StructTreeRoot',
        K: document,
        ParentTree: context.register(context.obj({ Nums: nums })),
        ParentTreeNextKey: pages.length + annotationParents.length,
        RoleMap: roleMap,
      }),
    )
    const catalog = pdf.catalog
    catalog.set(PDFName.of('StructTreeRoot'), root)
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }))
    catalog.set(PDFName.of('Lang'), PDFString.of(language))
    catalog.set(PDFName.of('ViewerPreferences'), context.obj({ DisplayDocTitle: true }))
  }
}
