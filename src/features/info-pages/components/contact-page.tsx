import { Link } from '@tanstack/react-router'
import { Clock, Mail, ShieldCheck } from 'lucide-react'
import { PageFrame } from '@/components/page-frame/page-frame'
import { ContactForm } from '@/features/contact'
import { privacyEmail, supportEmail } from '../contact-details'
import styles from './contact-page.module.css'

export function ContactPage() {
  return (
    <PageFrame
      title="Contact us"
      eyebrow="Contact"
      lead={<p>A question about an article, a tool or your account? Write to us, and a member of the Waypoint team will answer by e-mail.</p>}
    >
      <div className={styles.layout}>
        <section className={styles.formCard} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className={styles.title}>
            Send us a message
          </h2>
          <p className={styles.intro}>All fields are required.</p>
          <ContactForm />
        </section>

        <aside className={styles.aside} aria-labelledby="contact-other-title">
          <h2 id="contact-other-title" className={styles.title}>
            Other ways to reach us
          </h2>
          <ul className={styles.ways}>
            <li className={styles.way}>
              <Mail className={styles.wayIcon} size={20} aria-hidden="true" />
              <div>
                <h3 className={styles.wayTitle}>E-mail</h3>
                <p>
                  <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
                </p>
              </div>
            </li>
            <li className={styles.way}>
              <Clock className={styles.wayIcon} size={20} aria-hidden="true" />
              <div>
                <h3 className={styles.wayTitle}>Response time</h3>
                <p>We answer within two working days.</p>
              </div>
            </li>
            <li className={styles.way}>
              <ShieldCheck className={styles.wayIcon} size={20} aria-hidden="true" />
              <div>
                <h3 className={styles.wayTitle}>Privacy requests</h3>
                <p>
                  For a copy of your data, a correction or erasure, write to <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>. Our{' '}
                  <Link to="/gdpr-compliance-statement">GDPR Compliance Statement</Link> explains how to export or delete your data yourself.
                </p>
              </div>
            </li>
          </ul>

          <div className={styles.quick}>
            <h3 className={styles.wayTitle}>Quick answers</h3>
            <ul className={styles.quickList}>
              <li>
                <strong>Forgot your password?</strong> Choose “Forgot your password?” on the sign-in screen and we will e-mail you a reset link.
              </li>
              <li>
                <strong>Download or delete your data?</strong> Signed-in users can do both in <Link to="/userauth/settings">Settings</Link>.
              </li>
              <li>
                <strong>Curious what we offer?</strong> See <Link to="/services">our services</Link>.
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </PageFrame>
  )
}
