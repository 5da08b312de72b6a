import { useEffect, type ReactNode } from 'react'
import styles from './page-frame.module.css'

type PageFrameProps = {
  title: string
  /** Small label above the title, e.g. the menu group. */
  eyebrow?: string
  lead?: ReactNode
  /** Extra content in the header band, e.g. a search box or actions. */
  actions?: ReactNode
  /** `narrow` keeps long text at a readable measure. */
  width?: 'wide' | 'narrow'
  children?: ReactNode
}

/** The frame every page shares: a header band with the page's one h1, then its content. */
export function PageFrame({ title, eyebrow, lead, actions, width = 'wide', children }: PageFrameProps) {
  useEffect(() => {
    document.title = `${title} · Waypoint`
  }, [title])

  return (
    <>
      <div className={styles.band}>
        <div className={styles.inner} data-width={width}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {lead ? <div className={styles.lead}>{lead}</div> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      </div>
      <div className={styles.body} data-width={width}>
        {children}
      </div>
    </>
  )
}
