import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import * as v from 'valibot'
import { parseDocument } from 'yaml'
import { categorySlugs } from '~contract/library.ts'
import { readingMinutes, renderArticle, renderVersion, type TextBlock } from './markdown.ts'

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const text = (name: string, min: number, max: number) =>
  v.pipe(v.string(`${name} must be text`), v.trim(), v.minLength(min, `${name} is too short`), v.maxLength(max, `${name} is too long`))

/** The frontmatter of an article file. */
export const frontmatterSchema = v.object({
  title: text('title', 3, 200),
  slug: v.pipe(v.string('slug must be text'), v.regex(slugPattern, 'slug must be lower-case words joined by dashes'), v.maxLength(120)),
  category: v.picklist(categorySlugs, `category must be one of ${categorySlugs.join(', ')}`),
  sub_category: v.optional(v.nullable(v.pipe(v.string(), v.regex(slugPattern, 'sub_category must be a slug')))),
  summary: text('summary', 10, 600),
  author: text('author', 2, 120),
  published_at: v.pipe(
    v.union([v.string(), v.date()], 'published_at must be a date such as 2025-01-31'),
    v.transform((value) => (value instanceof Date ? value : new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value))),
    v.check((date) => !Number.isNaN(date.getTime()), 'published_at must be a date such as 2025-01-31'),
  ),
  tags: v.pipe(v.array(text('a tag', 1, 60), 'tags must be a list'), v.maxLength(20, 'at most 20 tags')),
  /** The article's earlier slugs: their addresses answer 301 to this one. */
  formerly: v.optional(
    v.array(v.pipe(v.string(), v.regex(slugPattern, 'formerly must list slugs (lower-case words joined by dashes)')), 'formerly must be a list of slugs'),
    [],
  ),
  sources: v.optional(
    v.array(
      v.object({
        title: text('a source title', 1, 300),
        url: v.pipe(v.string(), v.url('a source url must be a URL'), v.regex(/^https?:\/\//, 'a source url must be http(s)')),
      }),
      'sources must be a list of {title, url}',
    ),
    [],
  ),
})
export type Frontmatter = v.InferOutput<typeof frontmatterSchema>

export type ArticleFile = Frontmatter & {
  /** Relative to the content folder, for messages. */
  path: string
  bodyMd: string
  bodyText: string
  blocks: TextBlock[]
  html: string
  toc: { id: string; title: string; level: 2 | 3 }[]
  readingMinutes: number
  contentHash: string
}

export type FileProblem = { path: string; problem: string }

/** Every `articles/<category>/<slug>.md` under the content folder, sorted for a stable order. */
export function listArticleFiles(contentDir: string): string[] {
  const root = join(contentDir, 'articles')
  let entries
  try {
    entries = readdirSync(root, { withFileTypes: true, recursive: true })
  } catch {
    return []
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}

/** Reads and checks one article file; a problem is returned (never thrown) so one bad file cannot stop a start. */
export function readArticleFile(file: string, contentDir: string): ArticleFile | FileProblem {
  const path = relative(contentDir, file)
  let raw: string
  try {
    raw = readFileSync(file, 'utf8')
  } catch (error) {
    return { path, problem: `cannot be read (${(error as Error).message})` }
  }
  const parts = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(raw)
  if (!parts) return { path, problem: 'must start with a frontmatter block between --- lines' }
  const doc = parseDocument(parts[1]!, { uniqueKeys: true, prettyErrors: false })
  if (doc.errors.length > 0) {
    const hint = doc.errors[0]!.code === 'BLOCK_AS_IMPLICIT_KEY' || /mapping/i.test(doc.errors[0]!.message)
      ? ' (put a value that contains ": " in quotes)'
      : ''
    return { path, problem: `has invalid frontmatter: ${doc.errors[0]!.message}${hint}` }
  }
  const result = v.safeParse(frontmatterSchema, doc.toJS())
  if (!result.success) {
    const issue = result.issues[0]
    const key = issue.path?.map((p) => String(p.key)).join('.')
    const message = issue.input === undefined && key ? `${key} is missing` : issue.message
    return { path, problem: `has invalid frontmatter${key ? ` (${key})` : ''}: ${message}` }
  }
  const meta = result.output
  if (basename(file, '.md') !== meta.slug) return { path, problem: `slug "${meta.slug}" does not match its file name` }
  if (basename(dirname(file)) !== meta.category) {
    return { path, problem: `category "${meta.category}" does not match its folder` }
  }
  const bodyMd = parts[2]!.trim()
  if (bodyMd.length === 0) return { path, problem: 'has no body' }
  const rendered = renderArticle(bodyMd)
  return {
    ...meta,
    sub_category: meta.sub_category ?? null,
    path,
    bodyMd,
    bodyText: rendered.text,
    blocks: rendered.blocks,
    html: rendered.html,
    toc: rendered.toc,
    readingMinutes: readingMinutes(rendered.words),
    contentHash: createHash('sha256').update(renderVersion).update('\0').update(raw).digest('hex').slice(0, 32),
  }
}

export const isProblem = (value: ArticleFile | FileProblem): value is FileProblem => 'problem' in value
