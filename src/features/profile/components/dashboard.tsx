import { Link } from '@tanstack/react-router'
import { ArrowRight, Download, FileText, KeyRound, ListMusic, Mail, NotebookPen, Settings, Trash2, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Me } from '~contract/auth.ts'
import { buttonClass } from '@/components/button/button'
import { memberSince, planNames, signInMethods } from '../account-facts'
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
        <EmptySection
          id="saved-resumes"
          icon={FileText}
          title="Saved resumes"
          text="You have no saved resumes yet. Resumes you save to your account will be listed here, so you can pick up where you left off."
          link={
            <Link to="/resume" className={buttonClass('secondary')}>
              Open the Resume Builder
              <ArrowRight size={16} aria-hidden="true" />
            </Link>
          }
        />
        <EmptySection
          id="cover-letters"
          icon={NotebookPen}
          title="Cover letters"
          text="You have no saved cover letters yet. Cover letters you save to your account will be listed here."
          link={
            <Link to="/coverletter" className={buttonClass('secondary')}>
              Open the Cover Letter Builder
              <ArrowRight size={16} aria-hidden="true" />
            </Link>
          }
        />
        <EmptySection
          id="playlist"
          icon={ListMusic}
          title="Playlist"
          text="Your playlist is empty. Add the audio of library articles to your playlist and listen to them while you browse."
          link={
            <Link to="/library" className={buttonClass('secondary')}>
              Browse the library
              <ArrowRight size={16} aria-hidden="true" />
            </Link>
          }
        />
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

type EmptySectionProps = { id: string; icon: LucideIcon; title: string; text: string; link: ReactNode }

/** An honest empty state: what will appear here and where to start. */
function EmptySection({ id, icon: Icon, title, text, link }: EmptySectionProps) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionIcon} aria-hidden="true">
        <Icon size={24} />
      </div>
      <div className={styles.sectionBody}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        <p className={styles.sectionText}>{text}</p>
        {link}
      </div>
    </section>
  )
}
