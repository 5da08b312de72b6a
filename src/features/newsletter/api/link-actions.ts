import type { NewsletterTokenResponse } from '~contract/newsletter.ts'
import { postJson } from '@/lib/api-client'

export type NewsletterLinkAction = 'confirm' | 'unsubscribe'

/** Each mailed link is opened once per page: StrictMode's second effect reuses the first call. */
const opened = new Map<string, Promise<NewsletterTokenResponse>>()

/** Follows a confirmation or unsubscribe link of a newsletter mail. */
export function openNewsletterLink(action: NewsletterLinkAction, token: string): Promise<NewsletterTokenResponse> {
  const key = `${action}:${token}`
  let call = opened.get(key)
  if (!call) {
    call = postJson<NewsletterTokenResponse>(`newsletter/${action}`, { token })
    opened.set(key, call)
  }
  return call
}
