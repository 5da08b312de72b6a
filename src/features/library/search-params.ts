import * as v from 'valibot'

/** `?page=`: the router JSON-parses it, so it arrives as a number. */
export const pageNumber = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99_999))

/** A category or topic slug in the query string. */
export const slugParam = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), v.maxLength(80))
