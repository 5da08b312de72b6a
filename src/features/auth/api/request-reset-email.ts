import { postJson } from '@/lib/api-client'

export function requestResetEmail(body: { email: string }) {
  return postJson<{ detail: string }>('users/request-reset-password-email', body)
}
