import type { RegisterRequest, UserData } from '~contract/auth.ts'
import { postJson } from '@/lib/api-client'

export function register(body: RegisterRequest) {
  return postJson<UserData>('users/register', body)
}
