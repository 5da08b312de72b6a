import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Compass } from 'lucide-react'
import { Button, buttonClass } from '@/components/button/button'
import { PageFrame } from '@/components/page-frame/page-frame'
import styles from './status-pages.module.css'

export function NotFoundPage() {
  return (
    <PageFrame
      title="Page not found"
      eyebrow="Error 404"
      lead={<p>The page you asked for does not exist or has moved. These are good places to pick up again:</p>}
      actions={
        <>
          <Link to="/" className={buttonClass('primary')}>
            Go to the home page
          </Link>
          <Link to="/library" className={buttonClass('secondary')}>
            Browse the library
          </Link>
        </>
      }
    >
      <div className={styles.hint}>
        <Compass size={22} aria-hidden="true" />
        <p>
          Looking for something specific? Use the search icon at the top of the page, or{' '}
          <Link to="/contact-us">tell us what you expected to find</Link>.
        </p>
      </div>
    </PageFrame>
  )
}

export function RouteErrorPage({ reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <PageFrame
      title="Something went wrong"
      lead={<p>This page could not be shown. Your drafts are safe. Try again, and if it keeps happening, let us know.</p>}
      actions={
        <>
          <Button
            onClick={() => {
              reset()
              void router.invalidate()
            }}
          >
            Try again
          </Button>
          <Link to="/contact-us" className={buttonClass('secondary')}>
            Contact us
          </Link>
        </>
      }
    />
  )
}
