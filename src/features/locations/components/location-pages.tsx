import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { LocationDetail } from '~contract/locations.ts'
import { buttonClass } from '@/components/button/button'
import { PageFrame } from '@/components/page-frame/page-frame'
import { formatMoney, formatNumber } from '@/lib/number-format'
import { countriesQueryOptions, countryQueryOptions, locationQueryOptions } from '../api/locations'
import { placeKeyOf } from './place-picker'
import { SourceList } from './sources'
import styles from './location-pages.module.css'

const money = (amount: number, currency: string) => formatMoney(amount, currency, { minimumFractionDigits: 0, maximumFractionDigits: 0 })

/** /countries: the 30 listed countries, each with its flag, cities and a details page. */
export function CountriesPage() {
  const { data: countries } = useSuspenseQuery(countriesQueryOptions())
  return (
    <PageFrame
      eyebrow="Library"
      title="Countries"
      lead={<p>Study and work abroad, country by country: pay, prices and the cities people move to.</p>}
    >
      <ul className={styles.countryGrid}>
        {countries.map((country) => (
          <li key={country.code} className={styles.countryCard}>
            <h2 className={styles.countryName}>
              <span className={styles.flag} role="img" aria-label={`Flag of ${country.name}`}>
                {country.flag}
              </span>
              {country.name}
            </h2>
            {country.price_level !== null ? <p className={styles.meta}>Prices: {country.price_level} (U.S. = 100)</p> : null}
            {country.cities.length > 0 ? (
              <p className={styles.cities}>
                {country.cities.map((city, index) => (
                  <span key={city.id}>
                    {index > 0 ? ' · ' : ''}
                    <a href={city.url}>{city.city.replace(/-/g, ' ')}</a>
                  </span>
                ))}
              </p>
            ) : null}
            <Link to="/countries/$country" params={{ country: country.slug }} className={styles.details}>
              {country.name} details
            </Link>
          </li>
        ))}
      </ul>
      <Attribution text="Country names and flags: countries-list (MIT); flags are drawn by your system's emoji font. Price levels: World Bank (CC BY 4.0)." />
    </PageFrame>
  )
}

/** /countries/{slug}: signed-in users only (gated with loginfrom=country). */
export function CountryDetailPage({ slug }: { slug: string }) {
  const { data } = useSuspenseQuery(countryQueryOptions(slug))
  return <PlacePage place={data} eyebrow="Country guide" />
}

/** /{country}/{location}: a city or metro area page. */
export function LocationPage({ country, location }: { country: string; location: string }) {
  const { data } = useSuspenseQuery(locationQueryOptions(country, location))
  return <PlacePage place={data} eyebrow={`${data.country.flag} ${data.country.name}`} />
}

function PlacePage({ place, eyebrow }: { place: LocationDetail; eyebrow: string }) {
  const key = placeKeyOf(place)
  const facts: [string, string][] = []
  if (place.kind === 'city' && place.population) facts.push(['Population', formatNumber(place.population)])
  facts.push(['Country', place.country.name], ['Currency', place.currency])
  if (place.metro) facts.push(['Metro area', `${place.metro.name}${place.metro.match === 'nearest' ? ' (nearest)' : ''}`])
  return (
    <PageFrame
      eyebrow={eyebrow}
      title={place.location}
      lead={
        <p>
          What Waypoint knows about {place.location}: price levels from official statistics, an estimated monthly budget, and pay for any occupation.
        </p>
      }
      actions={
        <>
          <Link to="/salary" search={{ location: key }} className={buttonClass('light')}>
            Salaries in {place.location}
          </Link>
          <Link to="/living-cost" search={{ city: key }} className={buttonClass('light')}>
            Cost of living in {place.location}
          </Link>
        </>
      }
    >
      <div className={styles.placeGrid}>
        <section className={styles.panel} aria-labelledby="facts">
          <h2 id="facts">At a glance</h2>
          <dl className={styles.facts}>
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className={styles.panel} aria-labelledby="prices">
          <h2 id="prices">Prices</h2>
          {place.prices.length === 0 ? <p>No official price index covers this place on its own; the U.S. average applies.</p> : null}
          <dl className={styles.facts}>
            {place.prices.map((figure) => (
              <div key={figure.label}>
                <dt>{figure.label}</dt>
                <dd>{formatNumber(figure.value)}</dd>
              </div>
            ))}
          </dl>
          {place.monthly_budget ? (
            <p className={styles.budget}>
              Estimated monthly budget for one adult: <strong>{money(place.monthly_budget.amount, place.monthly_budget.currency)}</strong>
              <span className={styles.meta}> (estimate: {place.monthly_budget.method})</span>
            </p>
          ) : null}
          <SourceList sources={dedupe(place.prices.map((p) => p.source))} />
        </section>
        <section className={styles.panel} aria-labelledby="rent">
          <h2 id="rent">Rent, one bedroom</h2>
          {place.rent.figures.length === 0 ? <p>{place.rent.note}</p> : null}
          <dl className={styles.facts}>
            {place.rent.figures.map((figure) => (
              <div key={figure.label}>
                <dt>
                  {figure.label} ({figure.period})
                </dt>
                <dd>{money(figure.amount, figure.currency)} a month</dd>
              </div>
            ))}
          </dl>
          <SourceList sources={dedupe(place.rent.figures.map((figure) => figure.source))} />
        </section>
      </div>
      {place.cities.length > 0 ? (
        <section aria-labelledby="more-places" className={styles.more}>
          <h2 id="more-places">{place.kind === 'country' ? `Cities in ${place.country.name}` : `More places in ${place.country.name}`}</h2>
          <ul className={styles.placeLinks}>
            {place.cities.map((city) => (
              <li key={city.url}>
                <a href={city.url}>{city.location}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {place.related_articles.length > 0 ? (
        <section aria-labelledby="related-articles" className={styles.more}>
          <h2 id="related-articles">Related articles</h2>
          <ul className={styles.articleLinks}>
            {place.related_articles.map((article) => (
              <li key={article.url}>
                <Link to="/articles/$slug" params={{ slug: article.url.replace(/^\/articles\//, '') }} className={styles.articleTitle}>
                  {article.title}
                </Link>
                <span className={styles.meta}> · {article.category}</span>
                <p className={styles.articleSummary}>{article.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Attribution text={place.attribution} />
    </PageFrame>
  )
}

function dedupe<T extends { name: string; year: number }>(list: T[]) {
  return list.filter((item, index) => list.findIndex((other) => other.name === item.name && other.year === item.year) === index)
}

export function Attribution({ text }: { text: string }) {
  return <p className={styles.attribution}>{text}</p>
}

export function LocationNotFound() {
  return (
    // Also shown for any deeper unknown path (the router's nearest match): so the general wording.
    <PageFrame
      eyebrow="Error 404"
      title="Page not found"
      lead={<p>We have no page here. If you were looking for a place, browse the countries or search for a city.</p>}
    >
      <Link to="/countries" className={buttonClass('primary')}>
        Browse countries
      </Link>
    </PageFrame>
  )
}
