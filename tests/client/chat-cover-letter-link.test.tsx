import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import * as v from 'valibot'
import { beforeEach, describe, expect, test } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { coverLetterStore, setCoverLetterStore } from '@/features/cover-letter/draft-store'
import { applyPrefill, planPrefill } from '@/features/cover-letter/prefill'
import { coverLetterPrefill, hasPrefill } from '@/features/cover-letter/prefill-search'
import { draftDatabases, idbStorage } from '@/features/documents'
import { renderRoute } from './support/render'

// The assistant's cover-letter guidance links to /coverletter?situation=&gap=&role=&from=:
// the builder reads those answers and fills in the ones the letter does not have yet; an answer
// the user already gave is kept, and the user may pick the link's instead (issue 22).
const read = (query: string) => v.parse(v.object(coverLetterPrefill), Object.fromEntries(new URLSearchParams(query)))

beforeEach(async () => {
  setCoverLetterStore(null)
  await idbStorage(draftDatabases.coverLetter).clear()
  await idbStorage(draftDatabases.resume).clear()
})

describe('cover-letter builder links with answers', () => {
  test('a gap, a career change and a first job fill in the matching answers of a new letter; the rest stay', () => {
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

  test('answers the letter already has are kept and reported, never overwritten', () => {
    const data = emptyCoverLetterData()
    data.job = { ...data.job, title: 'Pielęgniarka' }
    data.experience = { ...data.experience, level: 'senior', recentTitle: 'Teacher', careerChange: true }
    data.gap = { reason: 'health', answer: 'recovered fully' }
    const plan = planPrefill(data, read('situation=first-job&gap=caregiving&role=nurse&from=teacher'))
    expect(plan.data).toEqual(data)
    expect(plan.filled).toEqual([])
    // The same title in other letters is no conflict; the others are.
    expect(plan.conflicts.map((c) => [c.label, c.current, c.proposed])).toEqual([
      ['Job title', 'Pielęgniarka', 'nurse'],
      ['Work experience', 'Senior', 'No work experience yet'],
      ['Reason for the gap', 'Health', 'Caring for family'],
    ])
    // A bare "there is a gap" never replaces the letter's reason.
    expect(planPrefill(data, read('situation=gap')).conflicts).toEqual([])
    expect(plan.conflicts[2]!.apply(data).gap).toEqual({ reason: 'caregiving', answer: 'recovered fully' })
  })

  test('unknown or oversized values are dropped, never an error', () => {
    const odd = read(`situation=astronaut&gap=moon&role=${'x'.repeat(400)}`)
    expect(odd).toEqual({ situation: undefined, gap: undefined, role: undefined, from: undefined })
    expect(hasPrefill(odd)).toBe(false)
    expect(read('role=Łódź+nurse').role).toBe('Łódź nurse')
  })

  test('opening the link over a letter in progress keeps its job title and gap reason until the user picks the link’s', async () => {
    const data = emptyCoverLetterData()
    data.you = { ...data.you, firstName: 'Łucja', lastName: 'Nguyễn' }
    data.job = { ...data.job, title: 'Registered Nurse' }
    data.gap = { reason: 'health', answer: '' }
    await idbStorage(draftDatabases.coverLetter).write({
      currentId: 'c1',
      drafts: [
        { id: 'c1', title: 'Nurse letter', data, step: 'you', serverId: null, serverVersion: null, dirty: true, updatedAt: new Date().toISOString() },
      ],
    })
    const { user } = await renderRoute('/coverletter?situation=career-change&gap=caregiving&role=Care+assistant&from=Teacher')
    const note = await screen.findByRole('region', { name: 'Answers from the link' })
    expect(note).toHaveTextContent('The link filled in: Recent job title, Career change.')
    expect(note).toHaveTextContent('Job title: we kept your “Registered Nurse”; the link suggested “Care assistant”.')
    expect(note).toHaveTextContent('Reason for the gap: we kept your “Health”; the link suggested “Caring for family”.')
    const letter = () => coverLetterStore().current().data
    expect(letter().job.title).toBe('Registered Nurse')
    expect(letter().gap.reason).toBe('health')
    expect(letter().experience).toMatchObject({ recentTitle: 'Teacher', careerChange: true })
    expect(letter().you.lastName).toBe('Nguyễn')

    // By keyboard: keep the gap reason, take the link's job title.
    within(note).getByRole('button', { name: 'Keep “Health”' }).focus()
    await user.keyboard('{Enter}')
    expect(note).not.toHaveTextContent('Reason for the gap: we kept')
    expect(letter().gap.reason).toBe('health')
    within(note).getByRole('button', { name: 'Use “Care assistant”' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(letter().job.title).toBe('Care assistant'))
    expect(note).toHaveTextContent('The link filled in: Recent job title, Career change, Job title.')

    await user.click(within(note).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('region', { name: 'Answers from the link' })).not.toBeInTheDocument()
    expect(letter().gap.reason).toBe('health')
  })
})
