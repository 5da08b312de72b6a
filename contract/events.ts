import * as v from 'valibot'

/** A same-origin path, as the SPA reports it: no query string, no host. */
const path = v.pipe(v.string(), v.maxLength(512), v.regex(/^\/[^?#\s]*$/, 'Must be a path on this site, like /library'))

/** POST /api/events → 202. Only sent with analytics consent; no IP, no user id. */
export const pageViewRequest = v.object({
  path,
  referrer: v.optional(v.nullable(path), null),
})
export type PageViewRequest = v.InferInput<typeof pageViewRequest>
