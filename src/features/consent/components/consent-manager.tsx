import { usePageViews } from '../page-views'
import { ConsentBanner } from './consent-banner'

/** Mounted once in the shell: the banner, and page views reported with consent. */
export function ConsentManager() {
  usePageViews()
  return <ConsentBanner />
}
