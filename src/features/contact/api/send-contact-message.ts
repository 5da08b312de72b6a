import { useMutation } from '@tanstack/react-query'
import type { ContactRequest, ContactResponse } from '~contract/contact.ts'
import { postJson, type ApiError } from '@/lib/api-client'

/** POST /api/users/contact-us: 201 `{id, detail}`, 400 field errors, 429 `{detail}`. */
export function sendContactMessage(body: ContactRequest) {
  return postJson<ContactResponse>('users/contact-us', body)
}

export function useSendContactMessage() {
  return useMutation<ContactResponse, ApiError, ContactRequest>({ mutationFn: sendContactMessage })
}
