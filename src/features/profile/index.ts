export { Dashboard } from './components/dashboard'
export { AccountSettings } from './components/account-settings'
export { AccountPending, AccountError } from './components/account-status'
