import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { emptyResumeData, type ResumeData } from '~contract/resume.ts'
import { authStore } from '@/features/auth'
import { createDraftStore, idbDraftStorage, SAVE_DEBOUNCE_MS, setDraftStore } from '@/features/resume/draft-store'
import { fromJsonResume, toJsonResume } from '@/features/resume/json-resume'
import { duplicateById, moveById, removeById, upsertById } from '@/features/resume/model'
import { resumePlainText } from '@/features/resume/plain-text'
import { parseRichText } from '@/features/resume/rich-text'
import { renderRoute } from './support/render'

beforeEach(async () => {
  await idbDraftStorage.clear()
  setDraftStore(null)
})

describe('resume state rules', () => {
  const list = [
    { id: 'a', name: 'A' },
    { id: 'b', name: 'B' },
  ]
  it('updates an existing id in place and appends a new id', () => {
    expect(upsertById(list, { id: 'a', name: 'A2' })).toEqual([{ id: 'a', name: 'A2' }, list[1]])
    expect(upsertById(list, { id: 'c', name: 'C' })).toEqual([...list, { id: 'c', name: 'C' }])
  })
  it('duplicates after the original with a new id, moves within bounds and removes', () => {
    const copied = duplicateById(list, 'a')
    expect(copied.map((i) => i.name)).toEqual(['A', 'A', 'B'])
    expect(new Set(copied.map((i) => i.id)).size).toBe(3)
    expect(moveById(list, 'b', -1).map((i) => i.id)).toEqual(['b', 'a'])
    expect(moveById(list, 'b', 1).map((i) => i.id)).toEqual(['a', 'b'])
    expect(removeById(list, 'a')).toEqual([list[1]])
  })
  it('parses the description markup into runs and never into HTML; only safe links survive', () => {
    expect(parseRichText('Led **3** teams\n- Shipped [site](https://ex.org)\n- <img src=x onerror=alert(1)> [bad](javascript:void0)')).toEqual([
      { kind: 'paragraph', runs: [{ text: 'Led ' }, { text: '3', bold: true }, { text: ' teams' }] },
      { kind: 'bullet', runs: [{ text: 'Shipped ' }, { text: 'site', href: 'https://ex.org' }] },
      { kind: 'bullet', runs: [{ text: '<img src=x onerror=alert(1)> ' }, { text: 'bad' }] },
    ])
  })
})

function filled(): ResumeData {
  const data = emptyResumeData()
  data.heading = {
    ...data.heading,
    email: 'ana@example.org',
    firstName: 'Ana',
    lastName: 'Lopez',
    jobTitle: 'Data analyst',
    phone: '+33 6 12 34 56 78',
    city: 'Lyon',
    country: 'France',
    linkedin: 'linkedin.com/in/ana',
  }
  data.summary = 'Analyst who turns data into decisions.'
  data.experience = [
    {
      id: 'e1',
      jobTitle: 'Analyst',
      employer: 'Acme',
      city: 'Lyon',
      startDate: '2021-03',
      endDate: '',
      current: true,
      description: 'Owned reporting.\n- Cut reporting time by **40%**',
    },
  ]
  data.education = [
    {
      id: 'd1',
      school: 'Université Lyon 2',
      degree: 'MSc',
      field: 'Statistics',
      city: 'Lyon',
      startDate: '2018-09',
      endDate: '2020-06',
      description: '',
    },
  ]
  data.skills = [{ id: 's1', name: 'SQL', level: 'Expert' }]
  data.languages = [{ id: 'l1', name: 'French', level: 'Native' }]
  data.additional = ['conferences', 'honors']
  data.conferences = [{ id: 'c1', title: 'Data at scale', subtitle: 'Speaker, PyCon FR', date: '2023-10', url: '', description: '' }]
  data.honors = [{ id: 'h1', title: 'Best thesis', subtitle: 'Lyon 2', date: '2020-06', url: '', description: '' }]
  data.customSections = [
    {
      id: 'x1',
      title: 'Volunteering',
      items: [{ id: 'x2', title: 'Food bank', subtitle: 'Coordinator', date: '2019-01', url: '', description: '' }],
    },
  ]
  data.sectionOrder = [...data.sectionOrder, 'custom:x1']
  data.design = { ...data.design, template: 'visionary', fontType: 'Lora', themeColor: '#0f766e' }
  return data
}

const withoutIds = (data: ResumeData) => JSON.parse(JSON.stringify(data, (key, value: unknown) => (key === 'id' ? undefined : value))) as unknown

describe('exports', () => {
  it('JSON Resume export imports back to the same resume', () => {
    const data = filled()
    const exported = toJsonResume(data) as { basics: { name: string }; work: { highlights: string[] }[] }
    expect(exported.basics.name).toBe('Ana Lopez')
    expect(exported.work[0]!.highlights).toEqual(['Cut reporting time by **40%**'])
    const back = fromJsonResume(JSON.parse(JSON.stringify(exported)))
    expect(back.ok).toBe(true)
    if (back.ok) expect(withoutIds(back.data)).toEqual(withoutIds(data))
  })
  it('plain text carries every section', () => {
    const text = resumePlainText(filled())
    for (const expected of [
      'Ana Lopez',
      'EXPERIENCE',
      'Analyst | Mar 2021 – Present',
      '• Cut reporting time by 40%',
      'SQL – Expert',
      'CONFERENCES',
      'VOLUNTEERING',
      'Food bank',
    ]) {
      expect(text).toContain(expected)
    }
  })
})

describe('drafts in IndexedDB', () => {
  it('saves after a pause and a new store (a reload) restores every resume', async () => {
    const first = createDraftStore()
    await first.load()
    first.updateData((d) => ({ ...d, heading: { ...d.heading, firstName: 'Ana' } }))
    const second = first.addResume()
    first.updateData((d) => ({ ...d, summary: 'Second one' }))
    await new Promise((resolve) => setTimeout(resolve, SAVE_DEBOUNCE_MS + 100))

    const reloaded = createDraftStore()
    await reloaded.load()
    expect(reloaded.get().drafts).toHaveLength(2)
    expect(reloaded.get().currentId).toBe(second.id)
    expect(reloaded.get().drafts[0]!.data.heading.firstName).toBe('Ana')
    expect(reloaded.current().data.summary).toBe('Second one')
  })

  it('clear resets the current resume to the defaults', async () => {
    const store = createDraftStore()
    await store.load()
    store.updateData(() => filled())
    store.clear()
    expect(store.current().data).toEqual(emptyResumeData())
  })
})

describe('/resume builder', () => {
  it('keeps the sign-in gate for guests', async () => {
    await renderRoute('/resume')
    expect(await screen.findByRole('button', { name: 'Sign in to save your resume' })).toBeInTheDocument()
  })

  it('walks the steps, edits the preview live and adds, duplicates, reorders and removes items', async () => {
    const { user } = await renderRoute('/resume')
    const steps = await screen.findByRole('navigation', { name: 'Resume steps' })
    expect(
      within(steps)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/^\d+/, '')),
    ).toEqual(['Heading', 'Summary', 'Experience', 'Education', 'Skills', 'Languages', 'Additional', 'Finalize'])
    await user.type(screen.getByLabelText('First name'), 'Ana')
    await user.type(screen.getByLabelText('Last name'), 'Lopez')
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(within(preview).getAllByText('Ana Lopez').length).toBeGreaterThan(0)

    await user.click(within(steps).getByRole('button', { name: /Experience/ }))
    expect(within(steps).getByRole('button', { name: /Experience/ })).toHaveAttribute('aria-current', 'step')
    await user.click(screen.getByRole('button', { name: 'Add experience' }))
    await user.type(screen.getByLabelText('Job title'), 'Analyst')
    await user.type(screen.getByLabelText('Employer'), 'Acme')
    const itemTitles = () =>
      within(screen.getByRole('region', { name: 'Experience' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent)
    await user.click(screen.getByRole('button', { name: 'Duplicate Analyst at Acme' }))
    expect(itemTitles()).toEqual(['Analyst at Acme', 'Analyst at Acme'])
    const [, secondTitle] = screen.getAllByLabelText('Job title')
    await user.clear(secondTitle!)
    await user.type(secondTitle!, 'Intern')
    await user.click(screen.getByRole('button', { name: 'Move Intern at Acme up' }))
    expect(itemTitles()).toEqual(['Intern at Acme', 'Analyst at Acme'])
    await user.click(screen.getByRole('button', { name: 'Remove Intern at Acme' }))
    expect(itemTitles()).toEqual(['Analyst at Acme'])
    expect(within(preview).getAllByText('Analyst').length).toBeGreaterThan(0)
  })

  it('clears only after the confirmation', async () => {
    const { user } = await renderRoute('/resume')
    await user.type(await screen.findByLabelText('First name'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(screen.getByLabelText('First name')).toHaveValue('Ana')
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await user.click(await screen.findByRole('button', { name: 'Yes, clear it' }))
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue(''))
  })

  it('restores the draft after a reload', async () => {
    const first = await renderRoute('/resume')
    await first.user.type(await screen.findByLabelText('First name'), 'Restored')
    await act(() => new Promise((resolve) => setTimeout(resolve, SAVE_DEBOUNCE_MS + 100)))
    first.unmount()
    setDraftStore(null)
    await renderRoute('/resume')
    expect(await screen.findByLabelText('First name')).toHaveValue('Restored')
  })

  it('lets a signed-in user save to the account', async () => {
    authStore.signedIn({ email: 'ana@example.com', access: 'a', refresh: 'r' })
    await renderRoute('/resume')
    expect(await screen.findByRole('button', { name: 'Save to account' })).toBeInTheDocument()
  })
})
