import type { LoginRequest, UserData } from '~contract/auth.ts'
import { postJson } from '@/lib/api-client'

export function login(body: LoginRequest) {
  return postJson<UserData>('users/login', body)
}
