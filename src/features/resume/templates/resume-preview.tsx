import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import type { Design, ResumeData } from '~contract/resume.ts'
import { resumeDocument, type Contact, type DocSection, type ResumeDocument } from '../document'
import { documentCjk, fontStack } from '../fonts'
import type { CjkFont } from '~pdf-engine/scripts.ts'
import type { RichBlock } from '../rich-text'
import { useHydrated } from '@/lib/use-hydrated'
import { contactIconPaths, showsIcon } from './icons'
import { pageMargin, pageSizesPt, visionaryTitleScale, visionaryTitleSize } from './page-geometry'
import styles from './resume-preview.module.css'

const PX_PER_PT = 96 / 72

/** A piece that moves to the next page whole: the header, or one entry (with its section title). */
type Block = { key: string; node: ReactNode }

function RichText({ blocks }: { blocks: RichBlock[] }) {
  const out: ReactNode[] = []
  let bullets: ReactNode[] = []
  const flush = () => {
    if (bullets.length > 0)
      out.push(
        <ul key={`ul${out.length}`} className={styles.bullets}>
          {bullets}
        </ul>,
      )
    bullets = []
  }
  blocks.forEach((block, index) => {
    const runs = block.runs.map((run, i) =>
      run.href ? (
        <a key={i} href={run.href} className={run.bold ? styles.bold : undefined} rel="noreferrer noopener" target="_blank">
          {run.text}
        </a>
      ) : run.bold ? (
        <strong key={i}>{run.text}</strong>
      ) : (
        <span key={i}>{run.text}</span>
      ),
    )
    if (block.kind === 'bullet') bullets.push(<li key={index}>{runs}</li>)
    else {
      flush()
      out.push(
        <p key={index} className={styles.paragraph}>
          {runs}
        </p>,
      )
    }
  })
  flush()
  return <div className={styles.rich}>{out}</div>
}

function ContactLine({ contacts, design }: { contacts: Contact[]; design: Design }) {
  return (
    <ul className={styles.contacts}>
      {contacts.map((contact) => (
        <li key={contact.kind} className={styles.contact}>
          {showsIcon(contact.kind, design.icons) ? (
            <span className={styles.icon} data-shape={design.iconShape} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="100%" height="100%">
                <path d={contactIconPaths[contact.kind]} />
              </svg>
            </span>
          ) : null}
          <span>{contact.text}</span>
        </li>
      ))}
    </ul>
  )
}

function Header({ doc, design }: { doc: ResumeDocument; design: Design }) {
  return (
    <header className={styles.header}>
      <p className={styles.name}>{doc.name || 'Your name'}</p>
      {doc.jobTitle ? <p className={styles.jobTitle}>{doc.jobTitle}</p> : null}
      {doc.contacts.length > 0 ? <ContactLine contacts={doc.contacts} design={design} /> : null}
    </header>
  )
}

let canvas: CanvasRenderingContext2D | null | undefined
/** A bold word's width at 1pt in the document's font, as the browser draws it (0 without a canvas, as in tests). */
function boldWidthAtOnePoint(stack: string): (word: string) => number {
  canvas ??= typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null)
  return (word) => {
    if (!canvas) return 0
    canvas.font = `700 100px ${stack}`
    return canvas.measureText(word).width / 100
  }
}

function sectionBlocks(section: DocSection, design: Design, stack: string): Block[] {
  // Visionary: a word too wide for the titles' column makes the title smaller, as in the PDF.
  const fitted = design.template === 'visionary' ? visionaryTitleSize(section.title, design, boldWidthAtOnePoint(stack)) : null
  const titleStyle = fitted !== null && fitted < design.headingFontSize * visionaryTitleScale ? { fontSize: `${fitted}pt` } : undefined
  const title = (
    <h2 className={styles.sectionTitle} style={titleStyle}>
      <span>{section.title}</span>
    </h2>
  )
  const wrap = (key: string, first: boolean, body: ReactNode) => ({
    key,
    node: (
      <div className={styles.row} data-first={first || undefined}>
        <div className={styles.gutter}>{first ? title : null}</div>
        <div className={styles.main}>{body}</div>
      </div>
    ),
  })
  if (section.kind === 'text') return [wrap(section.key, true, <RichText blocks={section.body} />)]
  if (section.kind === 'tags')
    return [
      wrap(
        section.key,
        true,
        <ul className={styles.tags}>
          {section.tags.map((tag, i) => (
            <li key={i}>{tag}</li>
          ))}
        </ul>,
      ),
    ]
  return section.entries.map((entry, index) =>
    wrap(
      `${section.key}-${index}`,
      index === 0,
      <article className={styles.entry}>
        <div className={styles.entryHead}>
          <h3 className={styles.entryTitle}>{entry.title}</h3>
          {entry.dates ? <p className={styles.dates}>{entry.dates}</p> : null}
        </div>
        {entry.subtitle ? <p className={styles.subtitle}>{entry.subtitle}</p> : null}
        {entry.body.length > 0 ? <RichText blocks={entry.body} /> : null}
      </article>,
    ),
  )
}

/** Puts blocks on pages: a block that does not fit what is left of a page starts the next one. */
export function paginate(heights: number[], pageHeight: number): number[][] {
  const pages: number[][] = [[]]
  let used = 0
  heights.forEach((height, index) => {
    const page = pages[pages.length - 1]!
    if (page.length > 0 && used + height > pageHeight) {
      pages.push([index])
      used = height
    } else {
      page.push(index)
      used += height
    }
  })
  return pages
}

export function designStyle(design: Design, cjk: readonly CjkFont[] = []): CSSProperties {
  const size = pageSizesPt[design.pageSize]
  return {
    '--page-width': `${size.width}pt`,
    '--page-height': `${size.height}pt`,
    '--margin-x': `${pageMargin.x}pt`,
    '--margin-y': `${pageMargin.y}pt`,
    '--theme': design.themeColor,
    '--font': fontStack(design.fontType, cjk),
    '--size': `${design.fontSize}pt`,
    '--heading-size': `${design.headingFontSize}pt`,
    '--line': String(design.lineSpace),
    '--paragraph-space': `${design.paragraphSpace}pt`,
    '--section-space': `${design.sectionSpace}pt`,
    '--indent': `${design.paragraphIndent}pt`,
    '--font-color': design.fontColor,
    '--title-color': design.titleColor,
  } as CSSProperties
}

type PreviewProps = { data: ResumeData; zoom?: number; /** Changes when a font has loaded: measure again. */ fontsLoaded?: number }

/** The live preview: true page size (A4 or US Letter), real page breaks, one entry never split. */
export const ResumePreview = memo(function ResumePreview({ data, zoom = 1, fontsLoaded = 0 }: PreviewProps) {
  const { design } = data
  const doc = useMemo(() => resumeDocument(data), [data])
  const cjk = useMemo(() => documentCjk(doc), [doc])
  const cjkFonts = useMemo(() => (cjk ? (cjk.split(',') as CjkFont[]) : []), [cjk])
  // fontsLoaded: titles are measured again in the loaded font.
  const blocks = useMemo<Block[]>(
    () => [
      { key: 'header', node: <Header doc={doc} design={design} /> },
      ...doc.sections.flatMap((section) => sectionBlocks(section, design, fontStack(design.fontType, cjkFonts))),
    ],
    [doc, design, cjkFonts, fontsLoaded], // eslint-disable-line react-hooks/exhaustive-deps
  )
  const measure = useRef<HTMLDivElement>(null)
  const [pages, setPages] = useState<number[][]>([])
  const size = pageSizesPt[design.pageSize]
  // Over the page's prerendered copy, the first measure comes a task after the app takes the copy
  // over: the takeover stays a short task (measuring lays the whole page out).
  const overCopy = useRef(!useHydrated())

  useLayoutEffect(() => {
    const root = measure.current
    if (!root) return
    let live = true
    const place = () => {
      if (!live) return
      const heights = [...root.children].map((child) => (child as HTMLElement).offsetHeight)
      const usable = (size.height - pageMargin.y * 2) * PX_PER_PT
      const next = paginate(heights, usable)
      setPages((before) => (JSON.stringify(before) === JSON.stringify(next) ? before : next))
    }
    if (overCopy.current) {
      overCopy.current = false
      setTimeout(place, 0)
    } else place()
    // Fonts arrive after the first layout: measure again once they have.
    void document.fonts?.ready.then(place)
    return () => {
      live = false
    }
  }, [blocks, size.height, fontsLoaded])

  const style = designStyle(design, cjkFonts)
  return (
    <div className={styles.preview} data-template={design.template} style={style}>
      <div ref={measure} className={`${styles.page} ${styles.measure}`} aria-hidden="true">
        {blocks.map((block) => (
          <div key={block.key} className={styles.block}>
            {block.node}
          </div>
        ))}
      </div>
      <div className={styles.pages} style={{ zoom }}>
        {(pages.length > 0 ? pages : [blocks.map((_, i) => i)]).map((indices, pageIndex) => (
          <section key={pageIndex} className={styles.page} aria-label={`Page ${pageIndex + 1}`} data-page={pageIndex + 1}>
            <div className={styles.bar} />
            {indices.map((i) =>
              blocks[i] ? (
                <div key={blocks[i].key} className={styles.block}>
                  {blocks[i].node}
                </div>
              ) : null,
            )}
          </section>
        ))}
      </div>
    </div>
  )
})
