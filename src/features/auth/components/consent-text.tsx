import { Link } from '@tanstack/react-router'
import styles from './auth-panels.module.css'

/** Spec section 2: the consent line of both sign-up views, each document a link. */
export function ConsentText() {
  return (
    <p className={styles.consent}>
      By registering, you agree to our{' '}
      <Link to="/terms-and-conditions" target="_blank">
        Terms and Conditions
      </Link>
      ,{' '}
      <Link to="/privacy-policy" target="_blank">
        Privacy Policy
      </Link>
      ,{' '}
      <Link to="/cookie-policy" target="_blank">
        Cookie Policy
      </Link>
      , and{' '}
      <Link to="/gdpr-compliance-statement" target="_blank">
        GDPR Compliance Statement
      </Link>
      .
    </p>
  )
}
