// The auth feature's page-sized pieces. They are kept out of index.ts on purpose: the shell
// imports index.ts, and anything exported there would land in the first page load.
export { SignInPage } from './components/sign-in-page'
export { ResetPasswordForm } from './components/reset-password-form'
export { SocialRedirect } from './components/social-redirect'
export { VerifyEmail } from './components/verify-email'
