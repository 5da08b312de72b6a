import type { SubscribeRequest, SubscribeResponse } from '~contract/newsletter.ts'
import { postJson } from '@/lib/api-client'

export function subscribe(body: SubscribeRequest) {
  return postJson<SubscribeResponse>('users/contact-us/subscribe', body)
}
