import * as v from 'valibot'
import { MAX_COMPARE } from '~contract/locations.ts'

/** One salary lookup in the address: "{occupation code}@{place key}". */
export const salaryItem = v.pipe(v.string(), v.regex(/^\d\d-\d{4}@[^@]{1,200}$/))
export const splitItem = (item: string) => {
  const at = item.indexOf('@')
  return { job: item.slice(0, at), location: item.slice(at + 1) }
}

export const salarySearch = v.object({
  /** Pre-fills the place (links from location pages). */
  location: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined),
  /** The lookups shown side by side, at most three. */
  items: v.fallback(v.optional(v.pipe(v.array(salaryItem), v.maxLength(MAX_COMPARE))), undefined),
})
