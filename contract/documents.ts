// The one shape of a builder document (resume, cover letter) as the API stores and answers it,
// shared by both kinds, the server, the mocks and the SPA's drafts and sync.

/** What a client sends to create a document: its title, template and content. */
export type DocumentBody<Data = unknown, Template extends string = string> = { title: string; template: Template; data: Data }

/** A stored document: `{ id, title, template, data, version, updated_at }`; `version` goes up on every write. */
export type StoredDocument<Data = unknown, Template extends string = string> = DocumentBody<Data, Template> & {
  id: string
  version: number
  updated_at: string
}

/** A page of an account's documents, newest change first. */
export type DocumentList<Doc> = { count: number; next: string | null; previous: string | null; results: Doc[] }

/** 409 on a stale PUT: the server's copy comes back so the user can choose. */
export type DocumentConflict<Doc> = { detail: string; current: Doc }
