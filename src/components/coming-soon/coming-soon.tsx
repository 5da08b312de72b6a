import { Link } from '@tanstack/react-router'
import { Hammer } from 'lucide-react'
import type { ReactNode } from 'react'
import styles from './coming-soon.module.css'

type ComingSoonProps = {
  /** What is being built, in the product's words, e.g. "The resume builder". */
  feature: string
  /** What it will let the user do once it opens. */
  promises: string[]
  children?: ReactNode
}

/** An honest panel for a page whose feature has not shipped yet: no fake data. */
export function ComingSoon({ feature, promises, children }: ComingSoonProps) {
  return (
    <section className={styles.panel} aria-labelledby="coming-soon-title">
      <div className={styles.icon} aria-hidden="true">
        <Hammer size={26} />
      </div>
      <div>
        <h2 id="coming-soon-title" className={styles.title}>
          Coming soon
        </h2>
        <p className={styles.text}>{feature} is being built right now and is not open yet. When it opens, you will be able to:</p>
        <ul className={styles.list}>
          {promises.map((promise) => (
            <li key={promise}>{promise}</li>
          ))}
        </ul>
        {children}
        <p className={styles.text}>
          Want to know when it opens? Subscribe to our newsletter at the bottom of this page, or{' '}
          <Link to="/services">see what Waypoint offers today</Link>.
        </p>
      </div>
    </section>
  )
}
