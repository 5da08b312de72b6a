export { ConsentManager } from './components/consent-manager'
export { consentStore, CONSENT_COOKIE } from './consent-store'
