import type { SalaryResult } from '~contract/locations.ts'
import { formatWage } from '../format'
import styles from './salary.module.css'

/** Percentile ranges as horizontal bars: p10–p90 light, p25–p75 strong, the median marked. */
export function SalaryChart({ results }: { results: SalaryResult[] }) {
  return (
    <figure className={styles.chart}>
      <div role="img" aria-label="Salary chart: pay from the 10th to the 90th percentile" className={styles.chartRows}>
        {results.map((result) => {
          const wages = result.annual ?? result.hourly
          if (!wages) return null
          const period = result.annual ? 'annual' : 'hourly'
          const values = [wages.p10, wages.p25, wages.p50, wages.p75, wages.p90].map((w) => w?.value ?? null)
          const known = values.filter((value): value is number => value !== null)
          // Each row has its own scale: places may pay in different currencies.
          const max = Math.max(...known) * 1.05
          const min = Math.min(...known) * 0.9
          const x = (value: number) => ((value - min) / (max - min || 1)) * 100
          const [p10, p25, p50, p75, p90] = [0, 1, 2, 3, 4].map((i) => values[i] ?? null)
          return (
            <div key={`${result.occupation.code} ${result.location.slug}`} className={styles.chartRow}>
              <p className={styles.chartLabel}>
                {result.occupation.title} · {result.location.name}
                {result.is_estimate ? ' (estimate)' : ''} · median {formatWage(wages.p50, result.currency, period)}
              </p>
              <svg viewBox="0 0 100 20" preserveAspectRatio="none" className={styles.chartBar} aria-hidden="true">
                {p10 != null && p90 != null ? <rect x={x(p10)} y={4} width={x(p90) - x(p10)} height={12} className={styles.barOuter} /> : null}
                {p25 != null && p75 != null ? <rect x={x(p25)} y={4} width={x(p75) - x(p25)} height={12} className={styles.barInner} /> : null}
                {p50 != null ? <rect x={x(p50) - 0.3} y={0} width={0.6} height={20} className={styles.median} /> : null}
              </svg>
            </div>
          )
        })}
      </div>
      <figcaption className={styles.legend}>
        <span className={styles.keyOuter} /> 10th–90th percentile <span className={styles.keyInner} /> 25th–75th <span className={styles.keyMedian} /> median
      </figcaption>
    </figure>
  )
}
