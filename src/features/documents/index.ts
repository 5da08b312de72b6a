// The documents feature: drafts kept in IndexedDB, their sync with the account (an XState
// machine), the documents' API and the builder kit. Resume and cover letter are document kinds
// on top of it. Sign-out loads this lazily (auth/session.ts): keep module-level work out of it.
export {
  createDrafts,
  draftDatabases,
  draftStoreHolder,
  idbStorage,
  liveDrafts,
  readDrafts,
  sealDrafts,
  unsealDrafts,
  AUTOSAVE_MS,
  PERSIST_TIMEOUT_MS,
  SAVE_DEBOUNCE_MS,
  type AccountCopy,
  type Draft,
  type DraftState,
  type DraftStorage,
  type Drafts,
  type OpenOutcome,
  type StoredDrafts,
} from './drafts'
export type { DraftKind } from './draft-kind'
export { defineDocumentKind, documentPlaces, type DocumentKind, type DocumentPlace } from './kinds'
export { clearDeviceDrafts, saveUnsavedDrafts, unsavedDrafts, type SaveFailure, type UnsavedDraft } from './device-drafts'
export { documentListQueryOptions, getDocument } from './api/documents'
// The sync machine itself (./sync-machine, with XState) is loaded by DocumentSync when a signed-in
// user's builder opens: guests and the sign-out path never load it.
export type { StoredDocument } from '~contract/documents.ts'
export type { DocumentSyncEvent, SaveInput } from './sync-machine'
export { DocumentSync } from './components/document-sync'
export { OpenFromAccount } from './components/open-from-account'
export { ClearDocument } from './components/clear-document'
export { BuilderColumns } from './components/builder-columns'
export { UnsupportedText } from './components/unsupported-text'
export { default as builderLayout } from './components/builder-layout.module.css'
export { default as builderKit } from './components/builder-kit.module.css'
