import * as v from 'valibot'
import { resumeData, type ResumeData } from '~contract/resume.ts'
import type { ImportNote } from './types'

/**
 * Makes an import fit the builder instead of refusing it: a value over its length limit is cut
 * (a skill list too long for one skill is first split at its commas), a list over its size limit
 * keeps its first entries, and each change is a note the review shows.
 */
export function fitToBuilder(input: ResumeData, notes: ImportNote[]): { ok: true; data: ResumeData } | { ok: false; error: string } {
  const data = structuredClone(input)
  // Skills longer than a skill's 80 characters are usually a list: split it first.
  const skills: ResumeData['skills'] = []
  for (const skill of data.skills) {
    if (skill.name.length <= 80) {
      skills.push(skill)
      continue
    }
    const pieces = skill.name.split(/\s*[,;•|]\s*/).filter(Boolean)
    if (pieces.length > 1 && pieces.every((piece) => piece.length <= 80)) {
      pieces.forEach((name, i) => skills.push({ ...skill, id: i === 0 ? skill.id : `${skill.id}-${i}`.slice(0, 64), name }))
      notes.push({ kind: 'cut', text: `A skill of ${skill.name.length} characters was split into ${pieces.length} skills.` })
    } else skills.push(skill)
  }
  data.skills = skills
  for (let round = 0; round < 200; round++) {
    const checked = v.safeParse(resumeData, data)
    if (checked.success) return { ok: true, data: checked.output }
    const issue = checked.issues[0]
    const path = issue.path?.map((step) => step.key as string | number) ?? []
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], data) as Record<
      string | number,
      unknown
    >
    const key = path.at(-1)
    const value = key === undefined ? undefined : parent[key]
    const limit = Number((issue as { requirement?: unknown }).requirement)
    if (issue.type === 'max_length' && typeof value === 'string' && key !== undefined) {
      const cut = value.slice(0, limit).replace(/\s+\S*$/, '')
      parent[key] = cut.length > limit * 0.6 ? cut : value.slice(0, limit)
      notes.push({
        kind: 'cut',
        text: `${label(path)} was ${value.length} characters, more than the ${limit} the builder holds: kept "${String(parent[key]).slice(0, 60)}…", the rest was cut.`,
      })
    } else if (issue.type === 'max_length' && Array.isArray(value) && key !== undefined) {
      parent[key] = value.slice(0, limit)
      notes.push({
        kind: 'cut',
        text: `${label(path)} had ${value.length} entries; the builder holds ${limit}, so the last ${value.length - limit} were left out.`,
      })
    } else return { ok: false, error: `Part of this PDF does not fit the builder: ${issue.message}.` }
  }
  return { ok: false, error: 'This PDF has more than the builder can hold.' }
}

const names: Record<string, string> = {
  heading: 'The heading',
  experience: 'A job',
  education: 'A school',
  skills: 'A skill',
  languages: 'A language',
  customSections: 'A custom section',
  summary: 'The summary',
}
const label = (path: (string | number)[]) => {
  const [section, , field] = path
  const base = names[String(section)] ?? `The ${String(section)} section`
  return field !== undefined && typeof field === 'string' ? `${base}'s ${field}` : typeof path[1] === 'string' ? `${base}'s ${path[1]}` : base
}
