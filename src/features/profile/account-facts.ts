import type { Me } from '~contract/auth.ts'

const methodNames: Record<Me['providers'][number], string> = {
  password: 'Email and password',
  'google-oauth2': 'Google',
  'linkedin-oauth2': 'LinkedIn',
}

/** How the user can sign in, in the words of the sign-in dialog. */
export function signInMethods(me: Me): string[] {
  return me.providers.map((provider) => methodNames[provider])
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

/** e.g. "1 November 2026"; the raw value when the server sends something unexpected. */
export function dayOf(timestamp: string): string {
  const date = new Date(timestamp)
  return Number.isNaN(date.getTime()) ? timestamp : dateFormat.format(date)
}

export const memberSince = (me: Me): string => dayOf(me.created_at)

export const planNames: Record<Me['plan'], string> = { free: 'Free' }
