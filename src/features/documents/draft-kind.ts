import type { GenericSchema } from 'valibot'

/**
 * What the draft store (drafts.ts) needs of a kind of document. Its own module because
 * kinds.ts builds DocumentKind on it while drafts.ts reads documentPlaces from kinds.ts.
 */
export type DraftKind<Data, Step extends string> = {
  /** The data schema: a stored draft is trusted only if it still has today's shape. */
  schema: GenericSchema<unknown, Data>
  empty: () => Data
  steps: readonly Step[]
  defaultTitle: string
}
