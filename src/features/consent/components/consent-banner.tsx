import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '@/components/button/button'
import { consentStore, useConsent } from '../consent-store'
import styles from './consent-banner.module.css'

/** First-visit cookie banner: accept all, reject all, or choose per purpose. */
export function ConsentBanner() {
  const { choice, bannerVisible } = useConsent()
  const [choosing, setChoosing] = useState(false)
  const [analytics, setAnalytics] = useState(choice === 'analytics')
  if (!bannerVisible) return null

  return (
    // data-consent-banner: the server leaves the banner out of a page's first view (rendered in
    // Node, where no choice is known) for a visitor whose consent cookie says they chose.
    <section className={styles.banner} aria-labelledby="consent-title" data-choosing={choosing || undefined} data-consent-banner="">
      <h2 id="consent-title" className={styles.title}>
        Cookies on Waypoint
      </h2>
      <p className={styles.text}>
        We use strictly necessary cookies to keep you signed in and your drafts safe. With your consent we also count page views to learn which guides
        help. <Link to="/cookie-policy">Read the cookie policy</Link>.
      </p>
      {choosing ? (
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">Choose cookies</legend>
          <label>
            <input type="checkbox" checked disabled /> Strictly necessary (always on)
          </label>
          <label>
            <input type="checkbox" checked={analytics} onChange={(event) => setAnalytics(event.target.checked)} /> Analytics
          </label>
        </fieldset>
      ) : null}
      <div className={styles.actions}>
        {choosing ? (
          <button type="button" className={buttonClass('primary')} onClick={() => consentStore.choose(analytics ? 'analytics' : 'necessary')}>
            Save choices
          </button>
        ) : (
          <>
            <button type="button" className={buttonClass('primary')} onClick={() => consentStore.choose('analytics')}>
              Accept all
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={() => consentStore.choose('necessary')}>
              Reject all
            </button>
            <button type="button" className={buttonClass('ghost')} onClick={() => setChoosing(true)}>
              Choose
            </button>
          </>
        )}
      </div>
    </section>
  )
}
