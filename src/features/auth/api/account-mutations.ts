import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Me } from '~contract/auth.ts'
import { callApi, postJson, type ApiError } from '@/lib/api-client'
import { authStore } from '../auth-store'
import { meQueryOptions } from './me'

// Settings' account changes: kept apart from meQueryOptions, which route loaders (and so the
// first page load) need, while these are only used on the Settings page.

type UpdateEmailBody = { email: string; current_password?: string }

export function useUpdateEmail() {
  const queryClient = useQueryClient()
  return useMutation<Me, ApiError, UpdateEmailBody>({
    mutationFn: (body) => callApi((api) => api.patch('users/me', { json: body }).json<Me>()),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryOptions().queryKey, me)
      authStore.emailChanged(me.email)
    },
  })
}

type ChangePasswordBody = { current_password?: string; new_password: string }

export function useChangePassword() {
  return useMutation<unknown, ApiError, ChangePasswordBody>({
    mutationFn: (body) => postJson('users/me/password', body),
  })
}

/** The GDPR export as a file the browser downloads. */
export function downloadMyData(): Promise<Blob> {
  return callApi((api) => api.get('users/me/export').blob())
}

export function useDeleteAccount() {
  return useMutation<void, ApiError, void>({
    mutationFn: () => callApi(async (api) => void (await api.delete('users/me'))),
  })
}
