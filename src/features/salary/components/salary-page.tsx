import { useQueries, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useDeferredValue, useState } from 'react'
import { MAX_COMPARE, type SalaryResult } from '~contract/locations.ts'
import { Button } from '@/components/button/button'
import { PageFrame } from '@/components/page-frame/page-frame'
import { useAuth, useGate } from '@/features/auth'
import { ComboBox, EstimateNote, PlacePicker, SourceList } from '@/features/locations/widgets'
import { formatNumber } from '@/lib/number-format'
import { occupationSearchQueryOptions, salaryQueryOptions } from '../api/salary'
import { formatWage } from '../format'
import { splitItem } from '../search-params'
import { SalaryChart } from './salary-chart'
import styles from './salary.module.css'

/** "united-states/austin-tx" → "austin tx" until the user picks from the list. */
const readableKey = (key: string) => (key === 'united-states' ? 'United States' : (key.split('/').pop() ?? key).replace(/-/g, ' '))

type SalaryPageProps = { location?: string; items: string[] }

const rows = [
  ['p10', '10th percentile'],
  ['p25', '25th percentile'],
  ['p50', 'Median (50th)'],
  ['p75', '75th percentile'],
  ['p90', '90th percentile'],
  ['mean', 'Mean'],
] as const

export function SalaryPage({ location, items }: SalaryPageProps) {
  const signedIn = useAuth((state) => state.userData !== null)
  const gate = useGate()
  const navigate = useNavigate({ from: '/salary' })
  const first = items[0] ? splitItem(items[0]) : undefined
  const [job, setJob] = useState<{ code: string; title: string } | null>(first ? { code: first.job, title: '' } : null)
  // null until the user types: the box then shows the title of the occupation in the address.
  const [typed, setTyped] = useState<string | null>(null)
  const shown = useQuery({ ...occupationSearchQueryOptions(first?.job ?? ''), enabled: Boolean(first) && typed === null })
  const jobText = typed ?? shown.data?.[0]?.title ?? ''
  const setJobText = (text: string) => setTyped(text)
  const [place, setPlace] = useState<{ key: string; name: string } | null>(
    location
      ? { key: location, name: location }
      : first
        ? { key: first.location, name: first.location }
        : { key: 'united-states', name: 'United States' },
  )
  const query = useDeferredValue(jobText.trim())
  const occupations = useQuery({ ...occupationSearchQueryOptions(query), enabled: query.length > 0 })
  const [problem, setProblem] = useState<string | null>(null)

  async function show(mode: 'replace' | 'add') {
    if (!job || !place) {
      setProblem(!job ? 'Choose an occupation from the list.' : 'Choose a place from the list.')
      return
    }
    setProblem(null)
    const item = `${job.code}@${place.key}`
    const next = mode === 'add' ? [...items.filter((i) => i !== item), item].slice(-MAX_COMPARE) : [item]
    await navigate({ search: { items: next }, replace: false })
    gate('salary')
  }

  return (
    <PageFrame
      eyebrow="Services"
      title="Salary Insights"
      lead={<p>What a job pays, where: ranges from official wage statistics, and every estimate labelled with its formula.</p>}
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault()
          void show('replace')
        }}
      >
        <ComboBox
          label="Occupation"
          placeholder="e.g. Software developer, nurse, accountant"
          text={jobText}
          onTextChange={(text) => {
            setJobText(text)
            setJob(null)
          }}
          loading={occupations.isFetching}
          options={(query ? (occupations.data ?? []) : []).map((o) => ({
            value: o.code,
            label: o.title,
            hint: o.matched ? `for “${o.matched}”` : o.code,
          }))}
          onSelect={(option) => {
            setJob({ code: option.value, title: option.label })
            setJobText(option.label)
          }}
        />
        <PlacePicker label="Location" initialText={place ? readableKey(place.key) : ''} onSelect={(key, name) => setPlace({ key, name })} />
        <div className={styles.actions}>
          <Button type="submit">Show salary</Button>
          <Button variant="secondary" disabled={items.length >= MAX_COMPARE} onClick={() => void show('add')}>
            Add to comparison
          </Button>
        </div>
        {problem ? (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        ) : null}
        <p className={styles.hint}>Compare up to {MAX_COMPARE} occupations or places side by side.</p>
      </form>

      {items.length === 0 ? null : signedIn ? (
        <SalaryResults items={items} onRemove={(item) => void navigate({ search: { items: items.filter((i) => i !== item) } })} />
      ) : (
        <section className={styles.gate} aria-label="Results">
          <p>Your salary results are ready. Sign in to see salary insights results.</p>
          <Button onClick={() => gate('salary')}>Sign in to see results</Button>
        </section>
      )}
    </PageFrame>
  )
}

function SalaryResults({ items, onRemove }: { items: string[]; onRemove: (item: string) => void }) {
  const queries = useQueries({ queries: items.map((item) => salaryQueryOptions(splitItem(item).job, splitItem(item).location)) })
  const ready = queries.flatMap((q) => (q.data ? [q.data] : []))
  const failed = queries.find((q) => q.error)
  return (
    <section aria-label="Results" className={styles.results}>
      {queries.some((q) => q.isPending) ? <p role="status">Loading salary figures…</p> : null}
      {failed?.error ? <p role="alert">{failed.error.message}</p> : null}
      {ready.length > 0 ? <SalaryChart results={ready} /> : null}
      <div className={styles.cards} data-count={ready.length}>
        {ready.map((result, index) => (
          <SalaryCard key={items[index] ?? index} result={result} onRemove={() => onRemove(`${result.occupation.code}@${result.location.slug}`)} />
        ))}
      </div>
    </section>
  )
}

function SalaryCard({ result, onRemove }: { result: SalaryResult; onRemove: () => void }) {
  const heading = `${result.occupation.title} in ${result.location.name}`
  return (
    <article className={styles.card} aria-label={heading}>
      <header className={styles.cardHead}>
        <h2>{heading}</h2>
        <Button variant="ghost" onClick={onRemove} aria-label={`Remove ${heading}`}>
          Remove
        </Button>
      </header>
      {result.fallback ? (
        <p className={styles.fallback} role="note">
          {result.fallback}
        </p>
      ) : null}
      {result.annual || result.hourly ? <Figures result={result} /> : null}
    </article>
  )
}

function Figures({ result }: { result: SalaryResult }) {
  const period = result.period
  return (
    <>
      <table className={styles.table}>
        <caption>
          Pay in {result.currency} · {result.area} · {result.vintage}
        </caption>
        <thead>
          <tr>
            <th scope="col">Percentile</th>
            <th scope="col">Hourly</th>
            <th scope="col">Annual</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, label]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>{result.hourly ? formatWage(result.hourly[key], result.currency, 'hourly') : 'not published'}</td>
              <td>{result.annual ? formatWage(result.annual[key], result.currency, 'annual') : 'not published'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.facts}>
        {result.entry_level ? (
          <div>
            <dt>Starting out (10th to 25th percentile)</dt>
            <dd>
              {formatWage(result.entry_level.from, result.currency, period)} to {formatWage(result.entry_level.to, result.currency, period)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Employed in the {result.scope === 'national' ? 'United States' : result.area}</dt>
          <dd>{result.employment === null ? 'not published' : formatNumber(result.employment)}</dd>
        </div>
        {result.location_quotient !== null ? (
          <div>
            <dt>Location quotient (its share of local jobs against the national share)</dt>
            <dd>{formatNumber(result.location_quotient, { maximumFractionDigits: 2 })}</dd>
          </div>
        ) : null}
      </dl>
      <EstimateNote isEstimate={result.is_estimate} method={result.method} />
      {result.notes.map((note) => (
        <p key={note} className={styles.hint}>
          {note}
        </p>
      ))}
      <SourceList sources={result.sources} />
    </>
  )
}
