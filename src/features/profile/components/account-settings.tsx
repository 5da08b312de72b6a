import { Link } from '@tanstack/react-router'
import { ArrowLeft, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Me } from '~contract/auth.ts'
import { buttonClass } from '@/components/button/button'
import { consentStore } from '@/features/consent'
import { ChangeEmail } from './change-email'
import { ChangePassword } from './change-password'
import { DeleteAccount } from './delete-account'
import { DownloadData } from './download-data'
import styles from './settings.module.css'

/** Settings: password, e-mail, cookies, the GDPR export and erasure, one section each. */
export function AccountSettings({ me }: { me: Me }) {
  return (
    <div className={styles.layout}>
      <div className={styles.sections}>
        <SettingsSection id="change-password" title="Change password">
          <ChangePassword me={me} />
        </SettingsSection>
        <SettingsSection id="change-email" title="Change email">
          <ChangeEmail me={me} />
        </SettingsSection>
        <SettingsSection id="cookie-settings" title="Cookie settings">
          <p>Choose whether Waypoint may count your page views. Strictly necessary cookies are always on.</p>
          <button type="button" className={buttonClass('secondary')} onClick={consentStore.openSettings}>
            Change cookie settings
          </button>
        </SettingsSection>
        <SettingsSection id="download-data" title="Download my data">
          <DownloadData />
        </SettingsSection>
        <SettingsSection id="delete-account" title="Delete my account" tone="danger">
          <DeleteAccount />
        </SettingsSection>
      </div>
      <aside className={styles.aside} aria-label="About your account">
        <p className={styles.signedInAs}>
          Signed in as <strong>{me.email}</strong>
        </p>
        <p className={styles.asideText}>
          <ShieldCheck size={18} aria-hidden="true" />
          <span>
            You can see, download and erase what Waypoint holds about you at any time. Read how we handle it in our{' '}
            <Link to="/gdpr-compliance-statement">GDPR Compliance Statement</Link>.
          </span>
        </p>
        <Link to="/userauth/profile" className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" />
          Back to your dashboard
        </Link>
      </aside>
    </div>
  )
}

type SettingsSectionProps = { id: string; title: string; tone?: 'danger'; children: ReactNode }

function SettingsSection({ id, title, tone, children }: SettingsSectionProps) {
  return (
    <section id={id} className={styles.section} data-tone={tone} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}
