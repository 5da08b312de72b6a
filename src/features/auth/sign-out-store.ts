import { useSyncExternalStore } from 'react'
import type { SaveFailure, UnsavedDraft } from '@/features/documents'

/** What the user chose when sign-out met unsaved changes: both choices go on to sign out. */
export type SignOutChoice = 'saved' | 'discarded' | 'cancelled'

export type SignOutQuestion = {
  unsaved: readonly UnsavedDraft[]
  /** Saves them to the account; answers what could not be saved. */
  save: () => Promise<SaveFailure[]>
  answer: (choice: SignOutChoice) => void
}

let question: SignOutQuestion | null = null
/** Whatever had focus when the question opened gets it back if the user stays signed in. */
let opener: HTMLElement | null = null
const listeners = new Set<() => void>()

function set(next: SignOutQuestion | null) {
  question = next
  for (const listener of listeners) listener()
}

/** Asks (in the sign-out dialog) whether to save unsaved drafts to the account or discard them. */
export function askAboutUnsavedDrafts(unsaved: readonly UnsavedDraft[], save: () => Promise<SaveFailure[]>): Promise<SignOutChoice> {
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
  return new Promise((resolve) => {
    set({
      unsaved,
      save,
      answer: (choice) => {
        set(null)
        resolve(choice)
      },
    })
  })
}

export function returnFocusAfterSignOutQuestion() {
  if (opener?.isConnected) opener.focus()
  opener = null
}

export function useSignOutQuestion(): SignOutQuestion | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => question,
    () => null,
  )
}
