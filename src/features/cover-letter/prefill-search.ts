import * as v from 'valibot'
import { gapReasons } from '~contract/gap-reasons.ts'

/**
 * Answers a link may fill in when it opens the builder: `/coverletter?situation=gap&gap=caregiving
 * &role=nurse&from=teacher` (the assistant's cover-letter guidance links here). Unknown values
 * are dropped, never an error. Apart from what the builder does with them (./prefill.ts): the
 * route reads them at the app's start.
 */
export const coverLetterPrefill = {
  situation: v.fallback(v.optional(v.picklist(['gap', 'career-change', 'first-job'])), undefined),
  gap: v.fallback(v.optional(v.picklist(gapReasons)), undefined),
  role: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(160))), undefined),
  from: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(160))), undefined),
}
export type CoverLetterPrefill = {
  situation?: 'gap' | 'career-change' | 'first-job'
  gap?: (typeof gapReasons)[number]
  role?: string
  from?: string
}

export const hasPrefill = (p: CoverLetterPrefill) => Boolean(p.situation || p.gap || p.role || p.from)
