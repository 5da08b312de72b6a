import { useSyncExternalStore } from 'react'
import { authStore } from './auth-store'

let open = false
/** Whatever had focus when the dialog opened gets it back when it closes. */
let opener: HTMLElement | null = null
const listeners = new Set<() => void>()

function set(next: boolean) {
  open = next
  for (const listener of listeners) listener()
}

/** Opens the sign-in dialog over `page` (path and query), remembering it to come back to. */
export function openAuthDialog(page: string) {
  authStore.rememberPage(page)
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
  set(true)
}

export function returnFocusToOpener() {
  opener?.focus()
  opener = null
}

export function closeAuthDialog() {
  set(false)
}

export function useAuthDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => open,
    () => false,
  )
}
