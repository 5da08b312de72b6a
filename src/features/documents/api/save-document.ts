import type { DocumentBody, StoredDocument } from '~contract/documents.ts'
import { callApi, toApiError } from '@/lib/api-client'

export type SaveOutcome<S> = { kind: 'saved'; document: S } | { kind: 'conflict'; current: S }

/**
 * Saves a builder document to the account (`resumes`, `cover-letters`): POST the first time,
 * then PUT with the version it was based on. A 409 comes back as a conflict carrying the
 * server copy, for the user to choose; a copy deleted elsewhere is saved as a new one.
 */
export function saveDocument<Data, S extends StoredDocument<Data>>(
  collection: string,
  draft: { serverId: string | null; serverVersion: number | null },
  body: DocumentBody<Data>,
  basedOn = draft.serverVersion,
): Promise<SaveOutcome<S>> {
  return callApi(async (api) => {
    if (!draft.serverId) return { kind: 'saved', document: await api.post(collection, { json: body }).json<S>() }
    const response = await api.put(`${collection}/${draft.serverId}`, { json: { ...body, version: basedOn }, throwHttpErrors: false })
    if (response.status === 409) return { kind: 'conflict', current: ((await response.json()) as { current: S }).current }
    if (response.status === 404) return { kind: 'saved', document: await api.post(collection, { json: body }).json<S>() }
    if (!response.ok) throw await toApiError(Object.assign(new Error('HTTPError'), { name: 'HTTPError', response }))
    return { kind: 'saved', document: await response.json<S>() }
  })
}
