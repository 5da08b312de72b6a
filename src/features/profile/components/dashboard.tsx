import { Link } from '@tanstack/react-router'
import { Download, KeyRound, Mail, Settings, Trash2, type LucideIcon } from 'lucide-react'
import type { Me } from '~contract/auth.ts'
import { memberSince, planNames, signInMethods } from '../account-facts'
import { EmailStatus } from './email-status'
import { Playlist, SavedCoverLetters, SavedResumes } from './saved-items'
import styles from './dashboard.module.css'

/** The signed-in home: the account at a glance and what the user keeps on Waypoint. */
export function Dashboard({ me }: { me: Me }) {
  return (
    <div className={styles.layout}>
      <div className={styles.side}>
        <AccountCard me={me} />
        <QuickLinks />
      </div>
      <div className={styles.main}>
        <SavedResumes />
        <SavedCoverLetters />
        <Playlist />
      </div>
    </div>
  )
}

function AccountCard({ me }: { me: Me }) {
  return (
    <section className={styles.card} aria-labelledby="account-title">
      <h2 id="account-title" className={styles.cardTitle}>
        Your account
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Email</dt>
          <dd className={styles.email}>{me.email}</dd>
          <dd>
            <EmailStatus me={me} />
          </dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>
            <time dateTime={me.created_at}>{memberSince(me)}</time>
          </dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>
            <span className={styles.plan}>{planNames[me.plan]}</span>
          </dd>
        </div>
        <div>
          <dt>Sign-in methods</dt>
          <dd>
            <ul className={styles.methods}>
              {signInMethods(me).map((method) => (
                <li key={method}>{method}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </section>
  )
}

const quickLinks: { hash: string; label: string; icon: LucideIcon }[] = [
  { hash: 'change-password', label: 'Change password', icon: KeyRound },
  { hash: 'change-email', label: 'Change email', icon: Mail },
  { hash: 'download-data', label: 'Download my data', icon: Download },
  { hash: 'delete-account', label: 'Delete my account', icon: Trash2 },
]

function QuickLinks() {
  return (
    <nav className={styles.card} aria-labelledby="quick-links-title">
      <h2 id="quick-links-title" className={styles.cardTitle}>
        Settings
      </h2>
      <ul className={styles.quickLinks}>
        {quickLinks.map(({ hash, label, icon: Icon }) => (
          <li key={hash}>
            <Link to="/userauth/settings" hash={hash}>
              <Icon size={18} aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/userauth/settings">
            <Settings size={18} aria-hidden="true" />
            All settings
          </Link>
        </li>
      </ul>
    </nav>
  )
}
