import * as v from 'valibot'

/** Spec section 2: the `loginfrom` keys and what signing in unlocks for each. */
export const loginFromPrompts = {
  salary: 'see salary insights results',
  cover: 'save your cover letter',
  resume: 'save your resume',
  homepage: 'download your eBook',
  cost: 'see cost of living results',
  library: 'add the audio book to your playlist',
  country: 'see country details',
  userauth: 'view and edit your profile',
} as const

export type LoginFrom = keyof typeof loginFromPrompts
export const loginFromKeys = Object.keys(loginFromPrompts) as [LoginFrom, ...LoginFrom[]]

export const loginFromSchema = v.picklist(loginFromKeys)

export function signInPrompt(from: LoginFrom | undefined): string {
  return from ? `Sign in to ${loginFromPrompts[from]}` : 'Sign In to Your Account'
}

export function signUpPrompt(from: LoginFrom | undefined): string {
  if (from === 'userauth') return 'Sign up and set up your own profile'
  return from ? `Sign up for Waypoint to ${loginFromPrompts[from]}` : 'Sign up for Waypoint'
}
