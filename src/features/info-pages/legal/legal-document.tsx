import { Link } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import { PageFrame } from '@/components/page-frame/page-frame'
import { legalLastUpdated, privacyEmail } from '../contact-details'
import styles from './legal-document.module.css'

export type LegalSection = {
  /** The section's element id, the target of its table-of-contents link. */
  id: string
  title: string
  body: ReactNode
}

type LegalPath = '/privacy-policy' | '/cookie-policy' | '/terms-and-conditions' | '/gdpr-compliance-statement'

const legalDocuments: { to: LegalPath; label: string }[] = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/gdpr-compliance-statement', label: 'GDPR Compliance Statement' },
]

type LegalDocumentProps = {
  title: string
  /** This page's own path, left out of the "related documents" list. */
  path: LegalPath
  /** One or two sentences: what this document is about, in plain words. */
  summary: ReactNode
  sections: LegalSection[]
}

/**
 * The layout every legal page shares: the page title, the "Last updated" line, a table of
 * contents linking to each section, the numbered sections, and links to the other documents.
 */
export function LegalDocument({ title, path, summary, sections }: LegalDocumentProps) {
  const tocId = useId()
  const relatedId = useId()

  return (
    <PageFrame
      title={title}
      eyebrow="Legal"
      width="narrow"
      lead={
        <>
          <p>{summary}</p>
          <p className={styles.updated}>
            Last updated: <time dateTime={legalLastUpdated.iso}>{legalLastUpdated.label}</time>
          </p>
        </>
      }
    >
      <nav className={styles.toc} aria-labelledby={tocId}>
        <h2 id={tocId} className={styles.tocTitle}>
          On this page
        </h2>
        <ol className={styles.tocList}>
          {sections.map((section) => (
            <li key={section.id}>
              <Link
                to={path}
                hash={section.id}
                onClick={() => {
                  // The router scrolls to the section; move keyboard and screen-reader focus there too.
                  window.requestAnimationFrame(() => document.getElementById(`${section.id}-title`)?.focus({ preventScroll: true }))
                }}
              >
                {section.title}
              </Link>
            </li>
          ))}
        </ol>
      </nav>

      <div className={styles.document}>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className={styles.sectionTitle} tabIndex={-1}>
              <span className={styles.number}>{index + 1}.</span> {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>

      <aside className={styles.related} aria-labelledby={relatedId}>
        <h2 id={relatedId} className={styles.relatedTitle}>
          Related documents
        </h2>
        <ul className={styles.relatedList}>
          {legalDocuments
            .filter((document) => document.to !== path)
            .map((document) => (
              <li key={document.to}>
                <Link to={document.to}>{document.label}</Link>
              </li>
            ))}
        </ul>
        <p className={styles.relatedNote}>
          Questions about this document? Write to <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a> or use our{' '}
          <Link to="/contact-us">contact form</Link>.
        </p>
      </aside>
    </PageFrame>
  )
}

type LegalTableProps = {
  caption: string
  columns: string[]
  /** One array of cells per row; the first cell names the row. */
  rows: ReactNode[][]
}

/**
 * A data table for the legal pages. On narrow screens each row becomes a small card with
 * the column names repeated; explicit roles keep the table semantics when CSS changes display.
 */
export function LegalTable({ caption, columns, rows }: LegalTableProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} role="table">
        <caption className={styles.caption}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((cells, rowIndex) => (
            <tr key={rowIndex} role="row">
              {cells.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row" role="rowheader" data-label={columns[cellIndex]}>
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex} role="cell" data-label={columns[cellIndex]}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A mailto link to the privacy address, used throughout the legal texts. */
export function PrivacyEmail() {
  return <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>
}
