import { useMutation } from '@tanstack/react-query'
import { postJson, type ApiError } from '@/lib/api-client'

type ResetPasswordBody = { token: string; password: string }

export function resetPassword(body: ResetPasswordBody) {
  return postJson<{ detail: string }>('users/reset-password-by-email', body)
}

export function useResetPassword() {
  return useMutation<{ detail: string }, ApiError, ResetPasswordBody>({ mutationFn: resetPassword })
}
