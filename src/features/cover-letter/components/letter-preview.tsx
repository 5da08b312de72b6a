import { memo, useId, type CSSProperties } from 'react'
import type { CoverLetterData } from '~contract/cover-letter.ts'
import { documentCjk, fontStack } from '@/lib/document-fonts'
import type { CjkFont } from '~pdf-engine/scripts.ts'
import { pageMargin, pageSizesPt } from '@/lib/pdf/page'
import { letterHead, letterWithEdits } from '../compose'
import type { Paragraph, Sentence } from '../compose-story'
import styles from './letter-preview.module.css'

/** One sentence; hovering or focusing it shows the answers it was written from. */
function Traced({ sentence }: { sentence: Sentence }) {
  const id = useId()
  const source = sentence.sources.map((s) => s.label).join(' · ')
  return (
    <span className={styles.traced} tabIndex={0} aria-describedby={id}>
      {sentence.text}
      <span id={id} role="tooltip" className={styles.source}>
        From {source}
      </span>
    </span>
  )
}

function Paragraphs({ paragraphs }: { paragraphs: Paragraph[] }) {
  return paragraphs.map((p, i) => (
    <p key={i} className={styles.paragraph}>
      {p.map((s, j) => (
        <span key={j}>
          {j > 0 ? ' ' : null}
          <Traced sentence={s} />
        </span>
      ))}
    </p>
  ))
}

/** The live preview: the letter on a page of the chosen size, drawn like the resume templates. */
export const LetterPreview = memo(function LetterPreview({ data, zoom = 1 }: { data: CoverLetterData; zoom?: number }) {
  const { design } = data
  const letter = letterWithEdits(data)
  const head = letterHead(data)
  const size = pageSizesPt[design.pageSize]
  const cjk = documentCjk({ letter, head })
  const style = {
    '--page-width': `${size.width}pt`,
    '--page-min-height': `${size.height}pt`,
    '--margin-x': `${pageMargin.x}pt`,
    '--margin-y': `${pageMargin.y}pt`,
    '--theme': design.themeColor,
    '--font': fontStack(design.fontType, cjk ? (cjk.split(',') as CjkFont[]) : []),
    '--size': `${design.fontSize}pt`,
    '--heading-size': `${design.headingFontSize}pt`,
    '--line': String(design.lineSpace),
    '--paragraph-space': `${Math.max(design.paragraphSpace, 6)}pt`,
    '--font-color': design.fontColor,
    '--title-color': design.titleColor,
    zoom,
  } as CSSProperties
  return (
    <article className={styles.page} data-template={design.template} style={style} aria-label="Cover letter preview">
      <header className={styles.header}>
        <p className={styles.name}>{head.name || 'Your name'}</p>
        {head.contacts.length > 0 ? <p className={styles.contacts}>{head.contacts.join('  ·  ')}</p> : null}
      </header>
      <div className={styles.body}>
        <p className={styles.date}>{head.date}</p>
        {head.recipient.length > 0 ? (
          <address className={styles.recipient}>
            {head.recipient.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        ) : null}
        <p className={styles.subject}>
          <Traced sentence={letter.subject} />
        </p>
        <p className={styles.paragraph}>
          <Traced sentence={letter.greeting} />
        </p>
        <Paragraphs paragraphs={letter.opener} />
        <Paragraphs paragraphs={letter.body} />
        <Paragraphs paragraphs={letter.callToAction} />
        <p className={styles.closing}>
          {letter.closing}
          {letter.signature ? (
            <>
              <br />
              <span className={styles.signature}>{letter.signature}</span>
            </>
          ) : null}
        </p>
      </div>
    </article>
  )
})
