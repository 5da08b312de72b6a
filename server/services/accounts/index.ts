// Accounts: sign-up, sign-in, tokens, passwords, e-mail verification and social sign-in. What
// other domains, the routes and the HTTP layer may use; everything else here is internal.
export { createAccounts, limitKeys, type Accounts, type User } from './accounts.ts'
export { identify, type Identity } from './identity.ts'
export { createOAuthClient, OAuthError, type OAuthClient } from './oauth.ts'
export { createPasswordWork, type PasswordWork } from './password-work.ts'
export { refuseCommonPassword } from './passwords.ts'
export { createSocialSignIn, signInStateTtlMs, type SocialSignIn } from './social-sign-in.ts'
export { createTokens, type SessionUser, type Tokens } from './tokens.ts'
