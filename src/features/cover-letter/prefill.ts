import * as v from 'valibot'
import { gapReasons, type CoverLetterData } from '~contract/cover-letter.ts'

/**
 * Answers a link may fill in when it opens the builder: `/coverletter?situation=gap&gap=caregiving
 * &role=nurse&from=teacher` (the assistant's cover-letter guidance links here). Unknown values
 * are dropped, never an error.
 */
export const coverLetterPrefill = {
  situation: v.fallback(v.optional(v.picklist(['gap', 'career-change', 'first-job'])), undefined),
  gap: v.fallback(v.optional(v.picklist(gapReasons)), undefined),
  role: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(160))), undefined),
  from: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(160))), undefined),
}
export type CoverLetterPrefill = { situation?: 'gap' | 'career-change' | 'first-job'; gap?: (typeof gapReasons)[number]; role?: string; from?: string }

export const hasPrefill = (p: CoverLetterPrefill) => Boolean(p.situation || p.gap || p.role || p.from)

/** The letter's answers with the link's filled in; the user's other answers stay. */
export function applyPrefill(data: CoverLetterData, p: CoverLetterPrefill): CoverLetterData {
  const next = { ...data, job: { ...data.job }, experience: { ...data.experience }, gap: { ...data.gap } }
  if (p.role) next.job.title = p.role
  if (p.from) next.experience.recentTitle = p.from
  if (p.situation === 'career-change') next.experience.careerChange = true
  if (p.situation === 'first-job') next.experience.level = 'none'
  if (p.gap && p.gap !== 'none') next.gap.reason = p.gap
  else if (p.situation === 'gap' && next.gap.reason === 'none') next.gap.reason = 'other'
  return next
}
