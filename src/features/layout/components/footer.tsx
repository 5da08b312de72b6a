import { Link, useLocation } from '@tanstack/react-router'
import { lazy } from 'react'
import { Logo } from '@/components/logo/logo'
import { WhenNear } from '@/components/when-near/when-near'
import { consentStore } from '@/features/consent'
import { exploreLinks, footerVariantFor, legalLinks, menuGroups } from '../nav'
import styles from './footer.module.css'

// Below the fold on every page: their code (the form, the icons) loads when the footer comes near.
const SocialLinks = lazy(() => import('./social-links').then((module) => ({ default: module.SocialLinks })))
const NewsletterForm = lazy(() => import('@/features/newsletter').then((module) => ({ default: module.NewsletterForm })))

const FIRST_YEAR = 2024

export function Footer() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const variant = footerVariantFor(pathname)
  const builder = menuGroups.find((group) => group.label === 'Builder')?.items ?? []
  const services = menuGroups.find((group) => group.label === 'Services')?.items ?? []
  const columns = [
    { title: 'Explore', links: exploreLinks },
    { title: 'Builder', links: builder },
    { title: 'Services', links: services },
  ]

  return (
    <footer className={styles.footer} data-variant={variant}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to="/" aria-label="Waypoint home" className={styles.logoLink}>
            <Logo tone={variant === 'default' ? 'light' : 'ink'} />
          </Link>
          <p className={styles.mission}>
            Waypoint helps students and job seekers take their next step with confidence: honest career and admission
            advice, builders that do the paperwork, and pay and living-cost figures from official sources. Free to use.
          </p>
          <WhenNear placeholder={<div className={styles.socialSlot} />} margin="600px 0px">
            <SocialLinks />
          </WhenNear>
        </div>

        <nav className={styles.columns} aria-label="Footer">
          {columns.map((column) => (
            <div key={column.title}>
              <h2 className={styles.columnTitle}>{column.title}</h2>
              <ul className={styles.links}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>

        <section className={styles.newsletter} aria-labelledby="newsletter-title">
          <h2 id="newsletter-title" className={styles.columnTitle}>
            Newsletter
          </h2>
          <p className={styles.newsletterText}>
            One e-mail a fortnight: new guides, application deadlines and tool updates. Unsubscribe in one click.
          </p>
          <WhenNear placeholder={<div className={styles.newsletterSlot} />} margin="600px 0px">
            <NewsletterForm tone={variant === 'default' ? 'dark' : 'light'} />
          </WhenNear>
        </section>
      </div>

      <div className={styles.bottom}>
        <p className={styles.copyright}>
          © {FIRST_YEAR}–{new Date().getFullYear()} Waypoint. All rights reserved.
        </p>
        <ul className={styles.legal} aria-label="Legal">
          {legalLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
          <li>
            <button type="button" className={styles.linkButton} onClick={consentStore.openSettings}>
              Cookie settings
            </button>
          </li>
        </ul>
      </div>
    </footer>
  )
}
