import type { Source } from '~contract/locations.ts'
import styles from './sources.module.css'

/** The sources behind a set of figures, with their reference year. */
export function SourceList({ sources }: { sources: Source[] }) {
  return (
    <ul className={styles.sources} aria-label="Sources">
      {sources.map((source) => (
        <li key={`${source.name} ${source.year}`}>
          Source:{' '}
          {source.url.startsWith('http') ? (
            <a href={source.url} rel="noreferrer" target="_blank">
              {source.name}
            </a>
          ) : (
            source.name
          )}{' '}
          ({source.year})
        </li>
      ))}
    </ul>
  )
}

/** A label that marks figures as an estimate, with the formula that made them. */
export function EstimateNote({ isEstimate, method }: { isEstimate: boolean; method: string }) {
  return (
    <p className={styles.method} data-estimate={isEstimate}>
      <strong>{isEstimate ? 'Estimate' : 'Measured'}</strong> {method}
    </p>
  )
}
