import { authStore } from '@/features/auth'
import { mockAccounts } from '../../../mocks/node'

export type MockAccount = { email: string; password: string }

/**
 * Adds the account to the mock API, signs in through it as the app would and stores the session;
 * answers the access token, for requests a test makes as that user (another device, say).
 */
export async function signInMockAccount(account: MockAccount): Promise<string> {
  mockAccounts.addUser(account.email, account.password)
  const response = await fetch(`${location.origin}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  })
  const userData = (await response.json()) as { email: string; access: string; refresh: string }
  authStore.signedIn(userData)
  return userData.access
}
