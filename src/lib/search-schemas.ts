import * as v from 'valibot'
import { isSameOriginPath } from './safe-redirect'

/**
 * Free text from the query string. The router JSON-parses search values, so `?title=2024`
 * arrives as a number: accept scalars and turn them back into text.
 */
export const searchText = v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String), v.trim(), v.maxLength(200))

/** A `redirect` value: only a path on this origin survives (open-redirect guard). */
export const redirectPath = v.pipe(v.string(), v.check(isSameOriginPath))
