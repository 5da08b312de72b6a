import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { VerifyEmailResponse } from '~contract/auth.ts'
import { postJson, type ApiError } from '@/lib/api-client'
import { meQueryOptions } from './me'

/** The link of the confirmation e-mail, opened once: StrictMode's second effect reuses the first call. */
const opened = new Map<string, Promise<VerifyEmailResponse>>()
export function openVerificationLink(token: string): Promise<VerifyEmailResponse> {
  let call = opened.get(token)
  if (!call) {
    call = postJson<VerifyEmailResponse>('users/verify-email', { token })
    opened.set(token, call)
  }
  return call
}

/** Asks for a new confirmation link for the signed-in account's address. */
export function useResendVerification() {
  const queryClient = useQueryClient()
  return useMutation<{ detail: string }, ApiError, void>({
    mutationFn: () => postJson<{ detail: string }>('users/me/verify-email', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  })
}
