import type { CoverLetterData } from '~contract/cover-letter.ts'
import { experienceLabels, gapLabels } from './model'
import type { CoverLetterPrefill } from './prefill-search'

/** An answer the letter already has that differs from the link's: kept until the user picks the link's. */
export type PrefillConflict = {
  key: 'job-title' | 'recent-title' | 'experience-level' | 'gap-reason'
  /** What the answer is, as the builder labels it ("Job title"). */
  label: string
  current: string
  proposed: string
  /** The letter with the link's value in place of the draft's. */
  apply: (data: CoverLetterData) => CoverLetterData
}

export type PrefillPlan = {
  /** The letter with the link's answers filled in where the letter had none. */
  data: CoverLetterData
  /** Labels of the answers the link filled in. */
  filled: string[]
  conflicts: PrefillConflict[]
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase()

/**
 * What a link's answers do to the open letter: an answer the letter does not have yet (empty, or
 * still the new letter's default) is filled in; one the letter already has with another value is
 * kept and reported as a conflict, so nothing the user wrote is lost.
 */
export function planPrefill(data: CoverLetterData, p: CoverLetterPrefill): PrefillPlan {
  const next = { ...data, job: { ...data.job }, experience: { ...data.experience }, gap: { ...data.gap } }
  const filled: string[] = []
  const conflicts: PrefillConflict[] = []

  if (p.role) {
    if (!next.job.title.trim()) {
      next.job.title = p.role
      filled.push('Job title')
    } else if (!same(next.job.title, p.role)) {
      const role = p.role
      conflicts.push({
        key: 'job-title',
        label: 'Job title',
        current: next.job.title,
        proposed: role,
        apply: (d) => ({ ...d, job: { ...d.job, title: role, occupation: '' } }),
      })
    }
  }
  if (p.from) {
    if (!next.experience.recentTitle.trim()) {
      next.experience.recentTitle = p.from
      filled.push('Recent job title')
    } else if (!same(next.experience.recentTitle, p.from)) {
      const from = p.from
      conflicts.push({
        key: 'recent-title',
        label: 'Recent job title',
        current: next.experience.recentTitle,
        proposed: from,
        apply: (d) => ({ ...d, experience: { ...d.experience, recentTitle: from } }),
      })
    }
  }
  // A change of career is only ever switched on by a link, never off.
  if (p.situation === 'career-change' && !next.experience.careerChange) {
    next.experience.careerChange = true
    filled.push('Career change')
  }
  if (p.situation === 'first-job' && next.experience.level !== 'none') {
    // 'entry' is a new letter's default: the user has not answered yet.
    if (next.experience.level === 'entry') {
      next.experience.level = 'none'
      filled.push('Work experience')
    } else {
      conflicts.push({
        key: 'experience-level',
        label: 'Work experience',
        current: experienceLabels[next.experience.level].title,
        proposed: experienceLabels.none.title,
        apply: (d) => ({ ...d, experience: { ...d.experience, level: 'none' } }),
      })
    }
  }
  const reason = p.gap && p.gap !== 'none' ? p.gap : p.situation === 'gap' ? 'other' : undefined
  if (reason) {
    if (next.gap.reason === 'none') {
      next.gap.reason = reason
      filled.push('Reason for the gap')
    } else if (p.gap && p.gap !== 'none' && next.gap.reason !== reason) {
      // A bare "there is a gap" never contradicts a reason the letter already gives.
      conflicts.push({
        key: 'gap-reason',
        label: 'Reason for the gap',
        current: gapLabels[next.gap.reason].title,
        proposed: gapLabels[reason].title,
        apply: (d) => ({ ...d, gap: { ...d.gap, reason } }),
      })
    }
  }
  return { data: next, filled, conflicts }
}

/** The letter with the link's answers filled in where it had none; the user's answers stay. */
export const applyPrefill = (data: CoverLetterData, p: CoverLetterPrefill): CoverLetterData => planPrefill(data, p).data
