import * as v from 'valibot'
import { MAX_HOUSEHOLD } from '~contract/locations.ts'

const place = v.pipe(v.string(), v.maxLength(200))

/** What the cost tool shows; in the address only (cost state is not persisted). */
export const costSearch = v.object({
  city: v.fallback(v.optional(place), undefined),
  compare: v.fallback(v.optional(place), undefined),
  household: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_HOUSEHOLD))), undefined),
  currency: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))), undefined),
  salary: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  bedrooms: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4))), undefined),
})
export type CostSearch = v.InferOutput<typeof costSearch>
