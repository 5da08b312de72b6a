import {
  additionalSectionKeys,
  emptyResumeData,
  type AdditionalSectionKey,
  type CustomSection,
  type EducationItem,
  type EntryItem,
  type ExperienceItem,
  type LanguageItem,
  type ListSectionKey,
  type ResumeData,
  type SkillItem,
} from '~contract/resume.ts'

/** The builder's steps, in breadcrumb order (spec: activebradcrump). */
export const steps = [
  { key: 'heading', label: 'Heading' },
  { key: 'summary', label: 'Summary' },
  { key: 'experience', label: 'Experience' },
  { key: 'education', label: 'Education' },
  { key: 'skills', label: 'Skills' },
  { key: 'languages', label: 'Languages' },
  { key: 'additional', label: 'Additional' },
  { key: 'finalize', label: 'Finalize' },
] as const
export type StepKey = (typeof steps)[number]['key']

export const sectionTitles: Record<ListSectionKey, string> = {
  experience: 'Experience',
  education: 'Education',
  skills: 'Skills',
  languages: 'Languages',
  conferences: 'Conferences',
  portfolio: 'Portfolio',
  honors: 'Honors and Awards',
  affiliations: 'Affiliations',
  licenses: 'Licenses and Certifications',
}

/** One resume in this browser: the data plus what ties it to a copy on the server. */
export type ResumeDraft = {
  id: string
  title: string
  data: ResumeData
  step: StepKey
  /** Set once saved to the account (spec: serverresumeid) and the version it was based on. */
  serverId: string | null
  serverVersion: number | null
  /** Changed since the last save to the account. */
  dirty: boolean
  updatedAt: string
}

export const newId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`).slice(0, 36)

export function newDraft(title = 'My resume'): ResumeDraft {
  return {
    id: newId(),
    title,
    data: emptyResumeData(),
    step: 'heading',
    serverId: null,
    serverVersion: null,
    dirty: false,
    updatedAt: new Date().toISOString(),
  }
}

type ItemOf = {
  experience: ExperienceItem
  education: EducationItem
  skills: SkillItem
  languages: LanguageItem
  conferences: EntryItem
  portfolio: EntryItem
  honors: EntryItem
  affiliations: EntryItem
  licenses: EntryItem
}

export function blankItem<K extends ListSectionKey>(section: K): ItemOf[K] {
  const id = newId()
  const items: { [S in ListSectionKey]: ItemOf[S] } = {
    experience: { id, jobTitle: '', employer: '', city: '', startDate: '', endDate: '', current: false, description: '' },
    education: { id, school: '', degree: '', field: '', city: '', startDate: '', endDate: '', description: '' },
    skills: { id, name: '', level: '' },
    languages: { id, name: '', level: '' },
    conferences: blankEntry(id),
    portfolio: blankEntry(id),
    honors: blankEntry(id),
    affiliations: blankEntry(id),
    licenses: blankEntry(id),
  }
  return items[section]
}

export const blankEntry = (id = newId()): EntryItem => ({ id, title: '', subtitle: '', date: '', url: '', description: '' })

/** Spec section 3: an item whose id exists is updated in place, a new id is appended. */
export function upsertById<T extends { id: string }>(list: readonly T[], item: T): T[] {
  const at = list.findIndex((existing) => existing.id === item.id)
  if (at === -1) return [...list, item]
  return list.map((existing, index) => (index === at ? item : existing))
}

export function removeById<T extends { id: string }>(list: readonly T[], id: string): T[] {
  return list.filter((item) => item.id !== id)
}

/** A copy with a new id, placed right after the original. */
export function duplicateById<T extends { id: string }>(list: readonly T[], id: string): T[] {
  const at = list.findIndex((item) => item.id === id)
  if (at === -1) return [...list]
  const copy = { ...list[at]!, id: newId() }
  return [...list.slice(0, at + 1), copy, ...list.slice(at + 1)]
}

/** Moves an item by `offset` places (-1 up, +1 down), clamped to the list. */
export function moveById<T extends { id: string }>(list: readonly T[], id: string, offset: number): T[] {
  const from = list.findIndex((item) => item.id === id)
  if (from === -1) return [...list]
  const to = Math.max(0, Math.min(list.length - 1, from + offset))
  return moveIndex(list, from, to)
}

export function moveIndex<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

/** The sections the resume shows, in the user's order: filled list sections and custom ones. */
export function visibleSections(data: ResumeData): string[] {
  const known = new Set<string>([...Object.keys(sectionTitles), ...data.customSections.map((s) => `custom:${s.id}`)])
  const order = data.sectionOrder.filter((key) => known.has(key))
  for (const key of known) if (!order.includes(key)) order.push(key)
  return order.filter((key) => {
    if (key.startsWith('custom:')) return true
    if ((additionalSectionKeys as readonly string[]).includes(key) && !data.additional.includes(key as AdditionalSectionKey)) return false
    return data[key as ListSectionKey].length > 0
  })
}

/** The resume as its document shows it: additional sections switched off, and empty custom ones, are left out. */
export function shownResumeData(data: ResumeData): ResumeData {
  const shown = { ...data, customSections: data.customSections.filter((section) => section.items.length > 0) }
  for (const key of additionalSectionKeys) if (!data.additional.includes(key)) shown[key] = []
  return shown
}

export function customSectionOf(data: ResumeData, key: string): CustomSection | undefined {
  return key.startsWith('custom:') ? data.customSections.find((s) => `custom:${s.id}` === key) : undefined
}

export function sectionTitle(data: ResumeData, key: string): string {
  return customSectionOf(data, key)?.title ?? sectionTitles[key as ListSectionKey] ?? key
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "2021-03" -> "Mar 2021"; a year alone ("2021") is shown as the year. */
export function formatMonth(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value)
  return match ? `${monthNames[Number(match[2]) - 1]} ${match[1]}` : value
}

export function dateRange(start: string, end: string, current = false): string {
  const from = formatMonth(start)
  const to = current ? 'Present' : formatMonth(end)
  if (from && to) return `${from} – ${to}`
  return from || to
}

export const fullName = (data: ResumeData) => [data.heading.firstName, data.heading.lastName].filter(Boolean).join(' ')
