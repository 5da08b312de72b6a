import type { SalaryResult } from '~contract/locations.ts'
import { formatWage } from '../format'
import styles from './salary.module.css'

type Row = { result: SalaryResult; period: 'annual' | 'hourly'; values: (number | null)[] }

/** Rows grouped by currency and period: each group has one scale, from zero, so bar lengths compare. */
function scales(results: SalaryResult[]) {
  const groups = new Map<string, { currency: string; period: 'annual' | 'hourly'; rows: Row[]; max: number }>()
  for (const result of results) {
    const wages = result.annual ?? result.hourly
    if (!wages) continue
    const period = result.annual ? 'annual' : 'hourly'
    const values = [wages.p10, wages.p25, wages.p50, wages.p75, wages.p90].map((w) => w?.value ?? null)
    const known = values.filter((value): value is number => value !== null)
    if (known.length === 0) continue
    const key = `${result.currency} ${period}`
    const group = groups.get(key) ?? { currency: result.currency, period, rows: [], max: 0 }
    group.rows.push({ result, period, values })
    group.max = Math.max(group.max, ...known)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/** Percentile ranges as horizontal bars from zero: p10–p90 light, p25–p75 strong, the median marked; one scale per currency. */
export function SalaryChart({ results }: { results: SalaryResult[] }) {
  const groups = scales(results)
  if (groups.length === 0) return null
  return (
    <figure className={styles.chart}>
      <div role="img" aria-label="Salary chart: pay from the 10th to the 90th percentile, one scale per currency" className={styles.chartRows}>
        {groups.map((group) => {
          const x = (value: number) => (value / group.max) * 100
          return (
            <div key={`${group.currency} ${group.period}`} className={styles.chartGroup} data-currency={group.currency}>
              <p className={styles.chartScale}>
                {group.currency}, {group.period === 'annual' ? 'a year' : 'an hour'}: scale from 0 to{' '}
                {formatWage({ value: group.max, top_coded: false }, group.currency, group.period)}
              </p>
              {group.rows.map(({ result, period, values }) => {
                const [p10, p25, p50, p75, p90] = values
                return (
                  <div key={`${result.occupation.code} ${result.location.slug}`} className={styles.chartRow}>
                    <p className={styles.chartLabel}>
                      {result.occupation.title} · {result.location.name}
                      {result.is_estimate ? ' (estimate)' : ''} · median {formatWage(result[period]!.p50, result.currency, period)}
                    </p>
                    <svg viewBox="0 0 100 20" preserveAspectRatio="none" className={styles.chartBar} aria-hidden="true">
                      {p10 != null && p90 != null ? (
                        <rect data-range="p10-p90" x={x(p10)} y={4} width={x(p90) - x(p10)} height={12} className={styles.barOuter} />
                      ) : null}
                      {p25 != null && p75 != null ? (
                        <rect data-range="p25-p75" x={x(p25)} y={4} width={x(p75) - x(p25)} height={12} className={styles.barInner} />
                      ) : null}
                      {p50 != null ? <rect data-range="median" x={x(p50) - 0.3} y={0} width={0.6} height={20} className={styles.median} /> : null}
                    </svg>
                  </div>
                )
              })}
            </div>
          )
        })}
      </div>
      <figcaption className={styles.legend}>
        <span className={styles.keyOuter} /> 10th–90th percentile <span className={styles.keyInner} /> 25th–75th <span className={styles.keyMedian} />{' '}
        median. Bars start at zero; amounts in different currencies are drawn on separate scales, not converted.
      </figcaption>
    </figure>
  )
}
