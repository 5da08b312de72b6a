import type { SalaryResult } from '~contract/locations.ts'
import { formatWage } from '../format'
import styles from './salary.module.css'

/** Percentile ranges as horizontal bars: p10–p90 light, p25–p75 strong, the median marked. */
export function SalaryChart({ results }: { results: SalaryResult[] }) {
  // Bars of different currencies are not comparable: each row gets its own scale.
  const rowHeight = 56
  const width = 640
  const left = 8
  const right = 8
  const height = results.length * rowHeight + 8
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Salary chart: annual pay from the 10th to the 90th percentile">
        {results.map((result, index) => {
          const wages = result.annual ?? result.hourly
          if (!wages) return null
          const period = result.annual ? 'annual' : 'hourly'
          const values = [wages.p10, wages.p25, wages.p50, wages.p75, wages.p90].map((w) => w?.value ?? null)
          const known = values.filter((value): value is number => value !== null)
          const max = Math.max(...known) * 1.05
          const min = Math.min(...known) * 0.9
          const x = (value: number) => left + ((value - min) / (max - min || 1)) * (width - left - right)
          const y = index * rowHeight + 26
          const [p10, p25, p50, p75, p90] = [0, 1, 2, 3, 4].map((i) => values[i] ?? null)
          return (
            <g key={`${result.occupation.code} ${result.location.slug}`}>
              <text x={left} y={y - 10} className={styles.chartLabel}>
                {result.occupation.title} · {result.location.name}
                {result.is_estimate ? ' (estimate)' : ''} · median {formatWage(wages.p50, result.currency, period)}
              </text>
              {p10 != null && p90 != null ? <rect x={x(p10)} y={y} width={x(p90) - x(p10)} height={16} rx={8} className={styles.barOuter} /> : null}
              {p25 != null && p75 != null ? <rect x={x(p25)} y={y} width={x(p75) - x(p25)} height={16} rx={4} className={styles.barInner} /> : null}
              {p50 != null ? <rect x={x(p50) - 1.5} y={y - 4} width={3} height={24} className={styles.median} /> : null}
            </g>
          )
        })}
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.keyOuter} /> 10th–90th percentile <span className={styles.keyInner} /> 25th–75th <span className={styles.keyMedian} /> median
      </figcaption>
    </figure>
  )
}
