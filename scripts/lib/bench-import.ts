// The PDF import's field accuracy (issue 21): every PDF in tests/fixtures/resume-import is read by
// the builder's own import code (loaded through Vite, no server, no browser) and what lands is
// compared field by field with the hand-written `<name>.expected.json` beside it.
//
//   npx tsx scripts/lib/bench-import.ts [--verbose] [name ...]   per-file table (and misses)
//   npm run bench -- --only import_field                         the same figures as bench lines
//
// A field counts when the expected value is not empty: name, e-mail, phone, city, each link, each
// job's title / company / start / end, each school's school / degree / start / end, each skill.
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { fileURLToPath } from 'node:url'
import type { ResumeData } from '../../contract/resume.ts'
import type { Emit, Progress } from './bench-output.ts'
import { ROOT, startBuilderVite } from './builder-vite.ts'

type NodeImportModule = typeof import('../../src/features/resume/import/node-import.ts')

export const CORPUS = join(ROOT, 'tests/fixtures/resume-import')

/**
 * The corpus's frozen split (issue 37): `test`, the part never looked at (the second draw);
 * `test_earlier`, the first draw's test part, whose aggregate was read and used for decisions; `dev`,
 * tuned on; `issue21`, the 21 files tuned on since issue 21 (also in dev).
 */
export type Split = { test: string[]; test_earlier: string[]; dev: string[]; issue21: string[] }
export const corpusSplit = (): Split => JSON.parse(readFileSync(join(CORPUS, 'split.json'), 'utf8')) as Split

/** A field's kind: "job 3 title" -> "job title", "skill Python" -> "skill". */
export const fieldKind = (label: string) => label.replace(/^(link|skill) .*/, '$1').replace(/ \d+ /, ' ')

/** A corpus file's `<name>.expected.json`: what a person reads on the PDF. */
export type ExpectedFields = {
  name?: string
  email?: string
  phone?: string
  city?: string
  links?: string[]
  work?: { title?: string; company?: string; start?: string; end?: string; highlights?: string[] }[]
  education?: { school?: string; degree?: string; start?: string; end?: string }[]
  skills?: string[]
}
export type FieldResult = { label: string; want: string; right: boolean }
export type Score = { right: number; total: number; misses: FieldResult[]; fieldsRight: FieldResult[] }
export type FileScore = Score & { name: string; notes: string[]; error?: string; data?: ResumeData }
export type Importer = { importPdfBytes: NodeImportModule['importPdfBytes']; close: () => Promise<void> }

/** Case, spacing and punctuation do not decide a match (small caps, "Co-founder" / "Cofounder"). */
export const norm = (text: unknown): string =>
  String(text ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^(https?:\/\/)?(www\.)?/, '')
    .replace(/[^\p{L}\p{N}+#]/gu, '')

/**
 * A date field: "2021-03" must match the month; "2021" (the PDF gives only a year) must be that year
 * alone, not an invented January; "present" the current flag.
 */
function dateRight(expected: string, month: string | undefined, current: boolean | undefined): boolean {
  if (expected === 'present') return current === true
  return month === expected
}

const similar = (a: unknown, b: unknown) => norm(a) !== '' && norm(a) === norm(b)

/** Imported text starts with the expected text ("PhD" for "PhD in Computer Science"). */
const startsLike = (got: string, expected: string) => norm(got) !== '' && norm(got).startsWith(norm(expected))

/**
 * Matches each expected entry to the imported entry that shares most of its fields (each used
 * once), so one missing job does not shift every later one into a miss.
 */
function pair<W, G>(expected: W[], got: G[], fieldsRight: (want: W, got: G) => (boolean | null)[]): (G | null)[] {
  const used = new Set<number>()
  return expected.map((want) => {
    let best: number | null = null
    let bestScore = -1
    got.forEach((candidate, i) => {
      if (used.has(i)) return
      const score = fieldsRight(want, candidate).filter(Boolean).length
      if (score > bestScore) [best, bestScore] = [i, score]
    })
    if (best === null || bestScore === 0) return null
    used.add(best)
    return got[best] ?? null
  })
}

/** Scores one import (the builder's ResumeData) against one expected-fields file. */
export function scoreImport(expected: ExpectedFields, data: ResumeData | null): Score {
  const fields: FieldResult[] = []
  const add = (label: string, want: string | undefined, right: unknown) => {
    if (want === undefined || want === null || want === '') return
    fields.push({ label, want, right: Boolean(right) })
  }
  const h: Partial<ResumeData['heading']> = data?.heading ?? {}
  // Either order: a Chinese or Hungarian name is printed family name first.
  add('name', expected.name, similar(`${h.firstName} ${h.lastName}`, expected.name) || similar(`${h.lastName} ${h.firstName}`, expected.name))
  add('email', expected.email, norm(h.email) === norm(expected.email))
  add('phone', expected.phone, h.phone && h.phone.replace(/\D/g, '') === expected.phone?.replace(/\D/g, ''))
  add('city', expected.city, norm(h.city) !== '' && (norm(h.city) === norm(expected.city) || norm(h.city).startsWith(norm(expected.city))))
  const linkPlaces = [h.website, h.linkedin, ...(data?.customSections ?? []).flatMap((s) => s.items.flatMap((i) => [i.url, i.title]))]
    .map(norm)
    .filter(Boolean)
  for (const link of expected.links ?? [])
    add(
      `link ${link}`,
      link,
      linkPlaces.some((place) => place === norm(link) || place.endsWith(norm(link))),
    )

  type Job = NonNullable<ExpectedFields['work']>[number]
  type School = NonNullable<ExpectedFields['education']>[number]
  const jobFields = (want: Job, got: ResumeData['experience'][number]) => [
    want.title ? similar(got.jobTitle, want.title) : null,
    want.company ? similar(got.employer, want.company) : null,
    want.start ? dateRight(want.start, got.startDate, false) : null,
    want.end ? dateRight(want.end, got.endDate, got.current) : null,
  ]
  const jobs = pair(expected.work ?? [], data?.experience ?? [], jobFields)
  ;(expected.work ?? []).forEach((want, i) => {
    const job = jobs[i]
    const right = job ? jobFields(want, job) : [false, false, false, false]
    ;(['title', 'company', 'start', 'end'] as const).forEach((key, k) => add(`job ${i + 1} ${key}`, want[key], right[k]))
    // Each bullet as printed: one line of the job's description, whole (wrapped lines joined).
    const bullets = new Set((job?.description ?? '').split('\n').map((line) => norm(line.replace(/^\s*[-•*]\s+/, ''))))
    for (const bullet of want.highlights ?? []) add(`job ${i + 1} bullet`, bullet, bullets.has(norm(bullet)))
  })

  const schoolFields = (want: School, got: ResumeData['education'][number]) => [
    want.school ? similar(got.school, want.school) : null,
    want.degree ? similar(got.degree, want.degree) || startsLike([got.degree, got.field].filter(Boolean).join(' '), want.degree) : null,
    want.start ? dateRight(want.start, got.startDate, false) : null,
    want.end ? dateRight(want.end, got.endDate, false) : null,
  ]
  const schools = pair(expected.education ?? [], data?.education ?? [], schoolFields)
  ;(expected.education ?? []).forEach((want, i) => {
    const school = schools[i]
    const right = school ? schoolFields(want, school) : [false, false, false, false]
    ;(['school', 'degree', 'start', 'end'] as const).forEach((key, k) => add(`school ${i + 1} ${key}`, want[key], right[k]))
  })

  const skills = new Set((data?.skills ?? []).map((s) => norm(s.name)))
  for (const skill of new Set(expected.skills ?? [])) add(`skill ${skill}`, skill, skills.has(norm(skill)))

  const right = fields.filter((f) => f.right).length
  return { right, total: fields.length, misses: fields.filter((f) => !f.right), fieldsRight: fields.filter((f) => f.right) }
}

/** The builder's import code, loaded through Vite as scripts/resume.ts does; close() when done. */
export async function loadImporter(): Promise<Importer> {
  const server = await startBuilderVite()
  const { importPdfBytes } = (await server.ssrLoadModule('/src/features/resume/import/node-import.ts')) as NodeImportModule
  return { importPdfBytes, close: () => server.close() }
}

export function corpusFiles(names: string[] = []): string[] {
  const all = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.pdf'))
    .map((f) => basename(f, '.pdf'))
    .sort()
  return names.length ? all.filter((n) => names.some((want) => n.includes(want))) : all
}

/** Imports and scores each corpus file: [{ name, right, total, misses, notes, error }]. */
export async function scoreCorpus(importer: Importer, names: string[] = []): Promise<FileScore[]> {
  const results: FileScore[] = []
  for (const name of corpusFiles(names)) {
    const expected: ExpectedFields = JSON.parse(readFileSync(join(CORPUS, `${name}.expected.json`), 'utf8'))
    const result = await importer.importPdfBytes(new Uint8Array(readFileSync(join(CORPUS, `${name}.pdf`))))
    if (!result.ok) {
      const empty = scoreImport(expected, null)
      results.push({ name, ...empty, notes: [], error: result.error })
      continue
    }
    results.push({
      name,
      ...scoreImport(expected, result.data),
      notes: (result.notes ?? []).map((note) => `${note.kind}: ${note.text}`),
      data: result.data,
    })
  }
  return results
}

export const percent = (right: number, total: number): number => (total === 0 ? 100 : (100 * right) / total)

/** Files named without an `intl-<lang>-` prefix that are not in English. */
const LANGUAGE_BY_NAME: Record<string, string> = {
  'awesome-cv-chinese': 'zh',
  'awesome-cv-french': 'fr',
  'awesome-cv-german': 'de',
  'moderncv-es': 'es',
  'latex-yaac-french': 'fr',
}

/** A corpus file's language: `intl-pt-br-…` -> "pt", the names above, else "en". */
export const corpusLanguage = (name: string): string => /^intl-([a-z]{2})-/.exec(name)?.[1] ?? LANGUAGE_BY_NAME[name] ?? 'en'

/** The family of tool that made a PDF, from its Producer and Creator (the file name when they say nothing). */
export function toolFamily(producer: string, creator: string, name: string): string {
  const meta = `${producer} ${creator}`
  if (/Microsoft.*Word|\bWord\b/.test(meta)) return 'Word'
  if (/Google Docs/i.test(meta)) return 'Google Docs'
  if (/LibreOffice|OpenOffice/i.test(meta)) return 'LibreOffice'
  if (/Canva/i.test(meta)) return 'Canva'
  if (/Apache FOP/i.test(meta)) return 'FOP'
  if (/pdfmake/i.test(meta)) return 'pdfmake'
  if (/cairo/i.test(meta)) return 'cairo'
  if (/react-pdf/i.test(meta)) return 'react-pdf'
  if (/Typst/i.test(meta)) return 'Typst'
  if (/wkhtmltopdf|\bQt\b/i.test(meta)) return 'wkhtmltopdf'
  if (/Skia|Chrom|Firefox|Mozilla|pdf-lib/i.test(meta)) return 'browser'
  // Case matters: "Quartz PDFContext" is not TeX.
  if (/TeX|xdvipdfmx|dvipdfm/.test(meta)) return 'TeX'
  if (/Quartz/i.test(meta)) return 'Quartz'
  if (/latex|moderncv|awesome-cv|altacv|deedy/i.test(name)) return 'TeX'
  return 'other'
}

/** A corpus PDF's tool family (read with pdf-lib, not with the importer). */
async function corpusTool(name: string): Promise<string> {
  try {
    const pdf = await PDFDocument.load(readFileSync(join(CORPUS, `${name}.pdf`)), { ignoreEncryption: true, updateMetadata: false })
    return toolFamily(pdf.getProducer() ?? '', pdf.getCreator() ?? '', name)
  } catch {
    return toolFamily('', '', name)
  }
}

/** "kind r/t, …" for a map of tallies. */
const tallies = (map: Map<string, { right: number; total: number }>) =>
  [...map]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v.right}/${v.total}`)
    .join(', ')

/**
 * For scripts/bench.ts, one line per part of the split: the test part first (`import_field_accuracy`,
 * what users get, never looked at), then the first draw's test part (`…_test_earlier`), dev (`…_dev`)
 * and the issue-21 files (`…_issue21`), each by field kind, producing tool and language. Files are
 * listed for dev only, and no part's misses are printed (reading a test part's misses is the first
 * step of tuning on it).
 */
export async function benchImport({ emit, progress = () => {} }: { emit: Emit; progress?: Progress }): Promise<FileScore[]> {
  progress('import_field_accuracy: importing the corpus in tests/fixtures/resume-import')
  const importer = await loadImporter()
  try {
    const results = await scoreCorpus(importer)
    const split = corpusSplit()
    const tools = new Map<string, string>()
    for (const r of results) tools.set(r.name, await corpusTool(r.name))
    for (const [part, names, metric] of [
      ['test', split.test, 'import_field_accuracy'],
      ['test_earlier', split.test_earlier ?? [], 'import_field_accuracy_test_earlier'],
      ['dev', split.dev, 'import_field_accuracy_dev'],
      ['issue21', split.issue21, 'import_field_accuracy_issue21'],
    ] as const) {
      const mine = results.filter((r) => names.includes(r.name))
      if (mine.length === 0) continue
      const right = mine.reduce((n, r) => n + r.right, 0)
      const total = mine.reduce((n, r) => n + r.total, 0)
      const scores = mine.map((r) => percent(r.right, r.total))
      const kinds = new Map<string, { right: number; total: number }>()
      const byTool = new Map<string, { right: number; total: number }>()
      const byLanguage = new Map<string, { right: number; total: number }>()
      const add = (map: typeof kinds, key: string, r: number, t: number) => {
        const tally = map.get(key) ?? { right: 0, total: 0 }
        tally.right += r
        tally.total += t
        map.set(key, tally)
      }
      for (const r of mine) {
        const misses = new Set(r.misses)
        for (const field of [...r.misses, ...r.fieldsRight]) add(kinds, fieldKind(field.label), misses.has(field) ? 0 : 1, 1)
        add(byTool, tools.get(r.name) ?? 'other', r.right, r.total)
        add(byLanguage, corpusLanguage(r.name), r.right, r.total)
      }
      emit(
        metric,
        percent(right, total).toFixed(1),
        '%',
        `(${part} part: ${right}/${total} fields over ${mine.length} PDFs; lowest file ${Math.min(...scores).toFixed(1)} %, ${scores.filter((x) => x < 70).length} under 70 %; by field: ${tallies(kinds)}; by tool: ${tallies(byTool)}; by language: ${tallies(byLanguage)})`,
      )
      if (part === 'dev')
        for (const r of mine)
          console.log(
            `#   ${r.name.padEnd(36)} ${percent(r.right, r.total).toFixed(1).padStart(5)} %  ${r.right}/${r.total}${r.error ? `  (refused: ${r.error})` : ''}`,
          )
    }
    return results
  } finally {
    await importer.close()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2)
  const verbose = args.includes('--verbose') || args.includes('-v')
  const importer = await loadImporter()
  try {
    const results = await scoreCorpus(
      importer,
      args.filter((a) => !a.startsWith('-')),
    )
    let right = 0
    let total = 0
    for (const r of results) {
      right += r.right
      total += r.total
      console.log(
        `${r.name.padEnd(30)} ${percent(r.right, r.total).toFixed(1).padStart(5)} %  ${r.right}/${r.total}${r.error ? `  refused: ${r.error}` : ''}`,
      )
      if (verbose) {
        for (const note of r.notes) console.log(`    note: ${note}`)
        for (const miss of r.misses) console.log(`    miss: ${miss.label} (expected ${JSON.stringify(miss.want)})`)
      }
      if (args.includes('--dump') && r.data) {
        const d = r.data
        console.log('    heading:', JSON.stringify(d.heading))
        for (const e of d.experience) {
          console.log(`    job: ${JSON.stringify([e.jobTitle, e.employer, e.city, e.startDate, e.endDate, e.current])}`)
          for (const line of e.description.split('\n').filter(Boolean)) console.log(`      | ${line}`)
        }
        for (const e of d.education) console.log(`    school: ${JSON.stringify([e.school, e.degree, e.field, e.startDate, e.endDate])}`)
        console.log(`    skills: ${JSON.stringify(d.skills.map((x) => x.name))}`)
        for (const c of d.customSections) console.log(`    custom ${c.title}: ${JSON.stringify(c.items.map((i) => i.title))}`)
      }
    }
    console.log(`overall ${percent(right, total).toFixed(1)} %  ${right}/${total}`)
  } finally {
    await importer.close()
  }
}
