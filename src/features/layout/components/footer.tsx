import { Link, useLocation } from '@tanstack/react-router'
import { Logo } from '@/components/logo/logo'
import { consentStore } from '@/features/consent'
import { NewsletterForm } from '@/features/newsletter'
import { exploreLinks, footerVariantFor, legalLinks, menuGroups } from '../nav'
import styles from './footer.module.css'
import { SocialLinks } from './social-links'

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
            Waypoint helps students and job seekers take their next step with confidence: honest career and admission advice, builders that do the
            paperwork, and pay and living-cost figures from official sources. Free to use.
          </p>
          <SocialLinks />
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
          <NewsletterForm tone={variant === 'default' ? 'dark' : 'light'} />
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
