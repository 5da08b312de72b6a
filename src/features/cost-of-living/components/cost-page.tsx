import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import {
  costCategoryLabels as categoryLabels,
  defaultBedrooms,
  MAX_HOUSEHOLD,
  type CostOfLiving,
  type CostOfLivingResult,
} from '~contract/locations.ts'
import { Button } from '@/components/button/button'
import { PageFrame } from '@/components/page-frame/page-frame'
import { useAuth, useGate } from '@/features/auth'
import { EstimateNote, PlacePicker, SourceList } from '@/features/locations/widgets'
import { formatMoney } from '@/lib/number-format'
import { costQueryOptions, currenciesQueryOptions } from '../api/cost-of-living'
import type { CostSearch } from '../search-params'
import styles from './cost.module.css'

const money = (amount: number, currency: string) => formatMoney(amount, currency, { minimumFractionDigits: 0, maximumFractionDigits: 0 })

const readableKey = (key: string | undefined) => (key ? (key.split('/').pop() ?? key).replace(/-/g, ' ') : '')

export function CostOfLivingPage({ search }: { search: CostSearch }) {
  const signedIn = useAuth((state) => state.userData !== null)
  const gate = useGate()
  const navigate = useNavigate({ from: '/living-cost' })
  const ids = useId()
  const [city, setCity] = useState(search.city)
  const [compare, setCompare] = useState(search.compare)
  const [household, setHousehold] = useState(search.household ?? 1)
  const [currency, setCurrency] = useState(search.currency ?? 'USD')
  const [salary, setSalary] = useState(search.salary ? String(search.salary) : '')
  // undefined: follow the household size (one bedroom for each two people).
  const [bedrooms, setBedrooms] = useState<number | undefined>(search.bedrooms)
  const [problem, setProblem] = useState<string | null>(null)
  const currencies = useQuery(currenciesQueryOptions())

  async function show() {
    if (!city) {
      setProblem('Choose a city from the list.')
      return
    }
    setProblem(null)
    const pay = Number(salary.replace(/[^\d]/g, ''))
    await navigate({ search: { city, compare, household, currency, salary: pay > 0 ? pay : undefined, bedrooms } })
    gate('cost')
  }

  return (
    <PageFrame
      eyebrow="Services"
      title="Cost of Living"
      lead={<p>What a month costs in the city you are considering, and how it compares with where you are now.</p>}
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault()
          void show()
        }}
      >
        <PlacePicker label="City" initialText={readableKey(search.city)} onSelect={(key) => setCity(key)} onClear={() => setCity(undefined)} />
        <PlacePicker
          label="Compare with (optional)"
          initialText={readableKey(search.compare)}
          onSelect={(key) => setCompare(key)}
          onClear={() => setCompare(undefined)}
        />
        <div className={styles.field}>
          <label htmlFor={`${ids}-household`}>Household size</label>
          <select id={`${ids}-household`} value={household} onChange={(event) => setHousehold(Number(event.target.value))}>
            {Array.from({ length: MAX_HOUSEHOLD }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? 'Single person' : `${n} people`}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-bedrooms`}>Bedrooms</label>
          <select id={`${ids}-bedrooms`} value={bedrooms ?? defaultBedrooms(household)} onChange={(event) => setBedrooms(Number(event.target.value))}>
            {[0, 1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {n === 0 ? 'Studio' : n === 4 ? '4 or more bedrooms' : n === 1 ? '1 bedroom' : `${n} bedrooms`}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-currency`}>Show amounts also in</label>
          <select id={`${ids}-currency`} value={currency} onChange={(event) => setCurrency(event.target.value)}>
            {(currencies.data ?? ['USD']).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-salary`}>Your yearly income in the first city (optional)</label>
          <input
            id={`${ids}-salary`}
            inputMode="numeric"
            value={salary}
            onChange={(event) => setSalary(event.target.value)}
            placeholder="e.g. 60000"
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit">Show costs</Button>
        </div>
        {problem ? (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        ) : null}
      </form>

      {!search.city ? null : signedIn ? (
        <CostResults search={{ ...search, city: search.city }} />
      ) : (
        <section className={styles.gate} aria-label="Results">
          <p>Your cost of living results are ready. Sign in to see cost of living results.</p>
          <Button onClick={() => gate('cost')}>Sign in to see results</Button>
        </section>
      )}
    </PageFrame>
  )
}

function CostResults({ search }: { search: CostSearch & { city: string } }) {
  const { data, error, isPending } = useQuery(
    costQueryOptions({
      city: search.city,
      compare: search.compare,
      household: search.household ?? 1,
      currency: search.currency ?? 'USD',
      salary: search.salary,
      bedrooms: search.bedrooms,
    }),
  )
  if (isPending) return <p role="status">Loading living costs…</p>
  if (error) return <p role="alert">{error.message}</p>
  const places = [data, ...(data.compare ? [data.compare] : [])]
  return (
    <section aria-label="Results" className={styles.results}>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>Monthly budget, {data.household === 1 ? 'single person' : `household of ${data.household}`}</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              {places.map((place) => (
                <th scope="col" key={place.city.slug}>
                  {place.city.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.sumofData.map((row, index) => (
              <tr key={row.name}>
                <th scope="row">{categoryLabels[row.name]}</th>
                {places.map((place) => (
                  <td key={place.city.slug}>
                    {place.dropped.some((d) => d.name === row.name) && place.sumofData[index]!.amount === 0 ? (
                      <span className={styles.dropped}>not a budget line (public care)</span>
                    ) : (
                      <Amounts place={place} amount={place.sumofData[index]!.amount} chosen={place.sumofData[index]!.amount_chosen} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
            <tr className={styles.total}>
              <th scope="row">Total per month</th>
              {places.map((place) => (
                <td key={place.city.slug}>
                  <Amounts place={place} amount={place.total} chosen={place.total_chosen} />
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Price index (U.S. = 100)</th>
              {places.map((place) => (
                <td key={place.city.slug}>{place.index}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <Rents places={places} />
      {data.salary_needed ? <SalaryNeeded result={data} /> : null}
      {places.map((place) => (
        <details key={place.city.slug} className={styles.details}>
          <summary>What is in the budget for {place.city.name}</summary>
          <ul>
            {place.infoOfLiving.map((group) =>
              group.items.map((item) => (
                <li key={`${group.name} ${item.name}`}>
                  <strong>{categoryLabels[group.name]}:</strong> {item.name} {money(item.amount, place.currency)}.{' '}
                  <span className={styles.basis}>{item.basis}.</span>
                </li>
              )),
            )}
            {place.dropped.map((d) => (
              <li key={d.item}>
                <strong>{categoryLabels[d.name]}:</strong> left out. {d.reason}
              </li>
            ))}
          </ul>
          <EstimateNote isEstimate={place.is_estimate} method={place.method} />
          <SourceList sources={place.sources} />
        </details>
      ))}
    </section>
  )
}

/** The official rents of each place, each with its publisher, area and period; or plainly that there are none. */
function Rents({ places }: { places: CostOfLiving[] }) {
  const bedrooms = places[0]!.rent.bedrooms
  return (
    <section className={styles.rents} aria-labelledby="measured-rents">
      <h2 id="measured-rents">
        Measured rents ({bedrooms === 0 ? 'studio' : bedrooms >= 4 ? '4 or more bedrooms' : `${bedrooms} bedroom${bedrooms > 1 ? 's' : ''}`})
      </h2>
      {places.map((place) => (
        <div key={place.city.slug}>
          <h3>{place.city.name}</h3>
          {place.rent.figures.length === 0 ? <p>{place.rent.note}</p> : null}
          <ul>
            {place.rent.figures.map((figure) => (
              <li key={figure.label}>
                <strong>{money(figure.amount, figure.currency)}</strong> a month: {figure.label} ({figure.period}). {figure.basis.replace(/\.$/, '')}.{' '}
                <a href={figure.source.url} rel="noreferrer" target="_blank">
                  {figure.source.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}

function Amounts({ place, amount, chosen }: { place: CostOfLiving; amount: number; chosen: number }) {
  return (
    <>
      {money(amount, place.currency)}
      {place.currency !== place.chosen_currency ? <span className={styles.chosen}>{money(chosen, place.chosen_currency)}</span> : null}
    </>
  )
}

function SalaryNeeded({ result }: { result: CostOfLivingResult }) {
  const needed = result.salary_needed!
  const other = result.compare!
  return (
    <section className={styles.needed} aria-labelledby="salary-needed">
      <h2 id="salary-needed">Salary needed to keep your standard of living</h2>
      <p>
        {money(needed.from, result.currency)} a year in {result.city.name} buys about what <strong>{money(needed.to, other.currency)}</strong>
        {other.currency !== other.chosen_currency ? ` (${money(needed.to_chosen, other.chosen_currency)})` : ''} buys in {other.city.name}: prices
        there are {Math.round(needed.ratio * 100)}% of {result.city.name}&apos;s.
      </p>
      <ul className={styles.breakdown}>
        {needed.breakdown.map((row) => (
          <li key={row.name}>
            {categoryLabels[row.name]}: {money(row.from, result.chosen_currency)} → {money(row.to, result.chosen_currency)} a month
          </li>
        ))}
      </ul>
      {needed.take_home.from || needed.take_home.to ? (
        <ul className={styles.breakdown} aria-label="Take-home pay">
          {[
            { place: result, pay: needed.take_home.from },
            { place: other, pay: needed.take_home.to },
          ].map(({ place, pay }) =>
            pay ? (
              <li key={place.city.slug}>
                Take-home in {place.city.name}: about <strong>{money(pay.net, pay.currency)}</strong> a year of {money(pay.gross, pay.currency)} (
                {pay.rate}% income tax and employee contributions, {pay.year}). <span className={styles.basis}>{pay.basis}</span>
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      <p className={styles.note}>{needed.not_included}</p>
    </section>
  )
}
