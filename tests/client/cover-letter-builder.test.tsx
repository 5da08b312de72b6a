import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { emptyCoverLetterData } from '~contract/cover-letter.ts'
import { emptyResumeData } from '~contract/resume.ts'
import { setCoverLetterStore } from '@/features/cover-letter/draft-store'
import { draftDatabases, idbStorage, SAVE_DEBOUNCE_MS } from '@/features/documents'
import { renderRoute } from './support/render'

beforeEach(async () => {
  setCoverLetterStore(null)
  await idbStorage(draftDatabases.coverLetter).clear()
  await idbStorage(draftDatabases.resume).clear()
})

/** The letter as it reads, without the "From ..." notes that show the answers as typed. */
function letterText(preview: HTMLElement) {
  const copy = preview.cloneNode(true) as HTMLElement
  copy.querySelectorAll('[role="tooltip"]').forEach((note) => note.remove())
  return copy.textContent ?? ''
}

const next = (user: Awaited<ReturnType<typeof renderRoute>>['user'], label: string) =>
  user.click(screen.getByRole('button', { name: `Next: ${label}` }))

describe('cover-letter builder', () => {
  it('keeps the marketing claim and the sign-in button for guests', async () => {
    await renderRoute('/coverletter')
    expect(await screen.findByText(/25% of recruiters consider a cover letter critical/)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Sign in to save your cover letter' })).toBeInTheDocument()
  })

  it('walks the steps, shows visited steps in the breadcrumb and writes the letter from the answers', async () => {
    const { user } = await renderRoute('/coverletter')
    await user.type(await screen.findByLabelText('First name'), 'Ana')
    await user.type(screen.getByLabelText('Last name'), 'Lopez')
    const crumbs = () =>
      within(screen.getByRole('navigation', { name: 'Cover letter steps' }))
        .getAllByRole('button')
        .map((b) => b.textContent)
    expect(crumbs()).toEqual(['1You'])
    await next(user, 'Recipient')
    await user.type(screen.getByLabelText('Company'), 'Acme')
    await next(user, 'Job')
    expect(crumbs()).toEqual(['1You', '2Recipient', '3Job'])

    await user.type(screen.getByRole('combobox', { name: 'Job title' }), 'nurs')
    await user.click(await screen.findByRole('option', { name: /Registered Nurse/ }))
    expect(screen.getByRole('combobox', { name: 'Job title' })).toHaveValue('Registered Nurse')
    await user.click(screen.getByRole('radio', { name: 'Part-time' }))
    await next(user, 'Strengths')
    await user.click(screen.getByRole('checkbox', { name: 'Reliability' }))
    await user.click(screen.getByRole('checkbox', { name: 'Teamwork' }))
    await user.click(screen.getByRole('checkbox', { name: 'Communication' }))
    expect(screen.getByRole('checkbox', { name: 'Leadership' })).toBeDisabled()
    await next(user, 'Background')
    await next(user, 'Experience')
    await next(user, 'Work style')
    await next(user, 'Career gap')
    await user.click(screen.getByRole('radio', { name: /Caring for family/ }))
    await user.type(screen.getByLabelText('What did you do during that time?'), 'completed a first-aid course')
    await next(user, 'Letter')

    const preview = screen.getByRole('article', { name: 'Cover letter preview' })
    expect(preview).toHaveTextContent('Application for the Registered Nurse part-time position')
    expect(preview).toHaveTextContent('Dear Acme hiring team,')
    expect(preview).toHaveTextContent(/reliability, teamwork, and clear communication/)
    // The user's answer, in a frame chosen from their answers ("During that time, I ...", "In that time, I ...").
    const gapAnswer = /(During that time|In that time|While I was away from work), I completed a first-aid course\./
    expect(preview).toHaveTextContent(gapAnswer)
    // Hover or focus shows where a sentence came from.
    const gapSentence = within(preview).getByText(gapAnswer)
    expect(gapSentence.closest('[tabindex="0"]')).toHaveAccessibleDescription('From Your answer: completed a first-aid course')

    // Editing the body replaces the generated text in the preview.
    const body = screen.getByLabelText('Body')
    await user.clear(body)
    await user.type(body, 'My own words about nursing.')
    expect(preview).toHaveTextContent('My own words about nursing.')
    expect(preview).not.toHaveTextContent('first-aid course')
    await user.click(screen.getByRole('button', { name: 'Use the generated body' }))
    expect(preview).toHaveTextContent(gapAnswer)
  })

  it('names a change of career once the user says it is one, and shows which answer that sentence came from', async () => {
    const data = emptyCoverLetterData()
    data.you = { ...data.you, firstName: 'Łucja', lastName: 'Wiśniewska-Nguyễn', currentTitle: 'Teacher' }
    data.recipient = { ...data.recipient, company: 'Brightpath Studio' }
    data.job = { ...data.job, title: 'UX Designer' }
    data.strengths = ['communication']
    data.experience = { ...data.experience, level: 'mid', years: 6, recentTitle: 'Teacher' }
    data.gap = { reason: 'caregiving', answer: '' }
    data.visited = ['you', 'recipient', 'job', 'strengths', 'background', 'experience']
    await idbStorage(draftDatabases.coverLetter).write({
      currentId: 'c1',
      drafts: [
        {
          id: 'c1',
          title: 'UX letter',
          data,
          step: 'experience',
          serverId: null,
          serverVersion: null,
          dirty: true,
          updatedAt: new Date().toISOString(),
        },
      ],
    })
    const { user } = await renderRoute('/coverletter')
    const preview = await screen.findByRole('article', { name: 'Cover letter preview' })
    const move = /changing careers|change of career|new career/
    expect(preview).not.toHaveTextContent(move)
    // Before the user says so, the letter already speaks of teaching in the past tense (there is a gap), and claims nothing about it.
    expect(preview).toHaveTextContent(/I worked as a teacher/)
    expect(letterText(preview)).not.toMatch(/Teacher|I am a teacher|prepared me/)

    const hint = /Your last role \(Teacher\) and this job \(UX Designer\) share no words\. If this is a change of career, say so above/
    expect(screen.getByText(hint)).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /Yes, a change of career/ }))
    expect(screen.queryByText(hint)).not.toBeInTheDocument()
    expect(preview).toHaveTextContent(move)
    const intro = within(preview).getByText(move)
    expect(intro).toHaveTextContent(/teacher/)
    expect(intro).toHaveTextContent(/UX designer/)
    expect(intro.closest('[tabindex="0"]')).toHaveAccessibleDescription(/Career change: Teacher → UX Designer/)
    expect(preview).toHaveTextContent('to care for my family')
  })

  it('prefills who you are from the resume draft in this browser', async () => {
    const resume = emptyResumeData()
    resume.heading = { ...resume.heading, firstName: 'Liu', lastName: 'Chen', email: 'liu@example.org', jobTitle: 'Analyst' }
    resume.skills = [{ id: 's1', name: 'SQL', level: '' }]
    await idbStorage(draftDatabases.resume).write({
      currentId: 'r1',
      drafts: [
        {
          id: 'r1',
          title: 'Analyst resume',
          data: resume,
          step: 'heading',
          serverId: null,
          serverVersion: null,
          dirty: true,
          updatedAt: new Date().toISOString(),
        },
      ],
    })
    await renderRoute('/coverletter')
    expect(await screen.findByText('We filled in what your resume “Analyst resume” says. Check it and change anything.')).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveValue('Liu')
    expect(screen.getByLabelText('Email')).toHaveValue('liu@example.org')
    expect(screen.getByRole('article', { name: 'Cover letter preview' })).toHaveTextContent('Liu Chen')
  })

  it('restores the draft after a reload and clears it after confirmation', async () => {
    const first = await renderRoute('/coverletter')
    await first.user.type(await screen.findByLabelText('First name'), 'Restored')
    await act(() => new Promise((resolve) => setTimeout(resolve, SAVE_DEBOUNCE_MS + 100)))
    first.unmount()
    setCoverLetterStore(null)
    const { user } = await renderRoute('/coverletter')
    expect(await screen.findByLabelText('First name')).toHaveValue('Restored')

    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(screen.getByLabelText('First name')).toHaveValue('Restored')
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await user.click(await screen.findByRole('button', { name: 'Yes, clear it' }))
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue(''))
  })
})
