import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { applyPrefill, coverLetterPrefill, hasPrefill } from '@/features/cover-letter/prefill'

// The assistant's cover-letter guidance links to /coverletter?situation=&gap=&role=&from=:
// the builder reads those answers and fills them in (issue 22, point 2).
const read = (query: string) => v.parse(v.object(coverLetterPrefill), Object.fromEntries(new URLSearchParams(query)))

describe('cover-letter builder links with answers', () => {
  test('a gap, a career change and a first job fill in the matching answers; the rest stay', () => {
    const base = { ...emptyCoverLetterData(), you: { ...emptyCoverLetterData().you, firstName: 'Zoë' } }
    const gap = applyPrefill(base, read('situation=gap&gap=caregiving&role=nurse'))
    expect(gap.gap.reason).toBe('caregiving')
    expect(gap.job.title).toBe('nurse')
    expect(gap.you.firstName).toBe('Zoë')

    const change = applyPrefill(base, read('situation=career-change&role=ux+design&from=teaching'))
    expect(change.experience).toMatchObject({ careerChange: true, recentTitle: 'teaching' })
    expect(change.job.title).toBe('ux design')

    expect(applyPrefill(base, read('situation=first-job')).experience.level).toBe('none')
    expect(applyPrefill(base, read('situation=gap')).gap.reason).toBe('other')
  })

  test('unknown or oversized values are dropped, never an error', () => {
    const odd = read(`situation=astronaut&gap=moon&role=${'x'.repeat(400)}`)
    expect(odd).toEqual({ situation: undefined, gap: undefined, role: undefined, from: undefined })
    expect(hasPrefill(odd)).toBe(false)
    expect(read('role=Łódź+nurse').role).toBe('Łódź nurse')
  })
})
