import type { DraftKind } from './draft-kind'

/**
 * Where each kind of document lives: its IndexedDB database on this device, its API collection,
 * and its name in the user's words. Kept here, not in the resume and cover-letter features, so
 * sign-out (device-drafts.ts) can find every builder's drafts without loading the builders.
 */
export type DocumentPlace = {
  database: string
  /** The API collection its documents are saved to. */
  collection: 'resumes' | 'cover-letters'
  /** The document in the user's words. */
  noun: string
  defaultTitle: string
}

export const documentPlaces = {
  resume: { database: 'waypoint-resume', collection: 'resumes', noun: 'resume', defaultTitle: 'My resume' },
  coverLetter: { database: 'waypoint-cover-letter', collection: 'cover-letters', noun: 'cover letter', defaultTitle: 'My cover letter' },
} as const satisfies Record<string, DocumentPlace>

/**
 * A kind of document (resume, cover letter): its place plus what the documents feature needs of
 * its data (schema, defaults, steps, the template a save names). The kinds define themselves
 * in their own features on top of this.
 */
export type DocumentKind<Data, Step extends string> = DraftKind<Data, Step> &
  DocumentPlace & {
    template: (data: Data) => string
  }

export function defineDocumentKind<Data, Step extends string>(kind: DocumentKind<Data, Step>): DocumentKind<Data, Step> {
  return kind
}
