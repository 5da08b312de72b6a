import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Db } from '../db/open.ts'
import { articlePassages, articles, categories, libraryTerms } from '../db/schema.ts'
import type { Log } from '../log.ts'
import { isProblem, listArticleFiles, readArticleFile, type ArticleFile } from './article-files.ts'

const slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/))
const categoryFile = v.array(
  v.object({
    slug,
    title: v.string(),
    icon: v.string(),
    description: v.string(),
    sub_categories: v.array(v.object({ slug, title: v.string(), description: v.string(), icon: v.optional(v.string()) })),
  }),
)

export type SeedOptions = { contentDir: string; log: Log; now?: Date }
export type SeedReport = { articles: number; added: number; updated: number; removed: number; skipped: number }

/**
 * Fills the content tables from server/content on every start of every process. Idempotent:
 * an unchanged file writes nothing, a changed one updates exactly its row (by slug, compared
 * by content hash), a removed one is deleted. A bad article file is logged with its path and
 * skipped; a broken categories.json stops the start (the library cannot work without it).
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedReport> {
  // One transaction: a start sees all of the content or none of it, and PGlite commits once.
  const report = await db.transaction((tx) => seedIn(tx as unknown as Db, options))
  const { log } = options
  log.info(
    `Library: ${report.articles} articles (${report.added} added, ${report.updated} updated, ${report.removed} removed` +
      `${report.skipped ? `, ${report.skipped} skipped` : ''})`,
  )
  return report
}

async function seedIn(db: Db, { contentDir, log, now = new Date() }: SeedOptions): Promise<SeedReport> {
  const categoryIds = await seedCategories(db, contentDir)

  const files: ArticleFile[] = []
  const seen = new Set<string>()
  let skipped = 0
  const skip = (path: string, problem: string) => {
    skipped++
    log.warn(`Library: skipped ${path}: ${problem}`)
  }
  for (const file of listArticleFiles(contentDir)) {
    const article = readArticleFile(file, contentDir)
    if (isProblem(article)) {
      skip(article.path, article.problem)
      continue
    }
    if (seen.has(article.slug)) {
      skip(article.path, `slug "${article.slug}" is used by another file`)
      continue
    }
    const sub = article.sub_category ? categoryIds.get(article.sub_category) : undefined
    if (article.sub_category && (!sub || sub.parent !== article.category)) {
      skip(article.path, `sub_category "${article.sub_category}" is not a sub-category of ${article.category}`)
      continue
    }
    seen.add(article.slug)
    files.push(article)
  }

  // An earlier slug that another article has now stays that article's address.
  const formerSlugs = new Map(
    files.map((a) => [
      a.slug,
      a.formerly.filter((slug) => {
        if (!seen.has(slug)) return true
        log.warn(`Library: ${a.path} lists "${slug}" as a former slug, but another article has it now: its address stays that article's`)
        return false
      }),
    ]),
  )
  const stored = new Map(
    (await db.select({ slug: articles.slug, contentHash: articles.contentHash }).from(articles)).map((row) => [
      row.slug,
      row.contentHash,
    ]),
  )
  const row = (a: ArticleFile) => ({
    slug: a.slug,
    categoryId: categoryIds.get(a.category)!.id,
    subCategoryId: a.sub_category ? categoryIds.get(a.sub_category)!.id : null,
    title: a.title,
    summary: a.summary,
    author: a.author,
    publishedAt: a.published_at,
    tags: a.tags,
    readingMinutes: a.readingMinutes,
    bodyMd: a.bodyMd,
    bodyText: a.bodyText,
    html: a.html,
    toc: a.toc,
    sources: a.sources,
    contentHash: a.contentHash,
    formerSlugs: formerSlugs.get(a.slug)!,
    updatedAt: now,
  })

  const added = files.filter((a) => !stored.has(a.slug))
  const changed = files.filter((a) => stored.has(a.slug) && stored.get(a.slug) !== a.contentHash)
  const removed = [...stored.keys()].filter((s) => !seen.has(s))

  const written: { id: number; slug: string }[] = []
  if (added.length > 0) {
    // DO UPDATE: another process starting on the same PostgreSQL may have inserted it meanwhile.
    const made = await db
      .insert(articles)
      .values(added.map(row))
      .onConflictDoUpdate({
        target: articles.slug,
        set: Object.fromEntries(
          Object.keys(row(added[0]!))
            .filter((key) => key !== 'slug')
            .map((key) => [key, sql.raw(`excluded."${columnName(key)}"`)]),
        ),
        setWhere: sql`${articles.contentHash} <> excluded.content_hash`,
      })
      .returning({ id: articles.id, slug: articles.slug })
    written.push(...made)
  }
  for (const article of changed) {
    const updated = await db
      .update(articles)
      .set(row(article))
      .where(eq(articles.slug, article.slug))
      .returning({ id: articles.id, slug: articles.slug })
    written.push(...updated)
  }
  if (written.length > 0) {
    const bySlug = new Map(files.map((a) => [a.slug, a]))
    await db.delete(articlePassages).where(inArray(articlePassages.articleId, written.map((w) => w.id)))
    await db.insert(articlePassages).values(
      written.flatMap(({ id, slug }) => passages(bySlug.get(slug)!).map((text, position) => ({ articleId: id, position, text }))),
    )
  }
  if (removed.length > 0) await db.delete(articles).where(inArray(articles.slug, removed))

  const anyChange = added.length + changed.length + removed.length > 0
  if (anyChange || (await db.select({ term: libraryTerms.term }).from(libraryTerms).limit(1)).length === 0) {
    await refreshTerms(db)
  }

  return { articles: files.length, added: added.length, updated: changed.length, removed: removed.length, skipped }
}

/** The summary, then the body's paragraphs (a heading with the paragraph after it; a list as one passage). */
export function passages(article: Pick<ArticleFile, 'summary' | 'blocks'>): string[] {
  const out = [article.summary]
  let heading = ''
  let previous: ArticleFile['blocks'][number]['kind'] | undefined
  for (const block of article.blocks) {
    if (block.kind === 'code') continue
    if (block.kind === 'heading') heading = `${heading}${block.text}. `
    else if (block.kind === 'item' && previous === 'item') out[out.length - 1] += ` ${block.text}`
    else {
      out.push(`${heading}${block.text}`)
      heading = ''
    }
    previous = block.kind
  }
  if (heading) out.push(heading.trim())
  return out
}

const columnName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

type CategoryIds = Map<string, { id: number; parent: string | null }>

async function seedCategories(db: Db, contentDir: string): Promise<CategoryIds> {
  const file = join(contentDir, 'categories.json')
  const parsed = v.safeParse(categoryFile, JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success) throw new Error(`${file} is not a list of categories: ${v.summarize(parsed.issues)}`)

  const wanted = parsed.output.flatMap((main, position) => [
    { slug: main.slug, title: main.title, description: main.description, icon: main.icon, parent: null, position },
    ...main.sub_categories.map((sub, subPosition) => ({
      slug: sub.slug,
      title: sub.title,
      description: sub.description,
      icon: sub.icon ?? main.icon,
      parent: main.slug,
      position: subPosition,
    })),
  ])
  const existing = new Map((await db.select().from(categories)).map((c) => [c.slug, c]))
  const ids: CategoryIds = new Map([...existing.values()].map((c) => [c.slug, { id: c.id, parent: null }]))

  // Main categories first, so sub-categories can name their parent's id.
  for (const pass of ['main', 'sub'] as const) {
    for (const c of wanted.filter((w) => (pass === 'main') === (w.parent === null))) {
      const values = {
        title: c.title,
        description: c.description,
        icon: c.icon,
        isMain: c.parent === null,
        parentId: c.parent ? ids.get(c.parent)!.id : null,
        position: c.position,
      }
      const old = existing.get(c.slug)
      if (!old) {
        const [made] = await db
          .insert(categories)
          .values({ slug: c.slug, ...values })
          .onConflictDoUpdate({ target: categories.slug, set: values })
          .returning({ id: categories.id })
        ids.set(c.slug, { id: made!.id, parent: c.parent })
        continue
      }
      ids.set(c.slug, { id: old.id, parent: c.parent })
      const same = (Object.keys(values) as (keyof typeof values)[]).every((key) => old[key] === values[key])
      if (!same) await db.update(categories).set(values).where(eq(categories.id, old.id))
    }
  }

  const gone = [...existing.keys()].filter((s) => !wanted.some((w) => w.slug === s))
  if (gone.length > 0) {
    // Articles still filed there go first; their files are skipped above and logged.
    const goneIds = gone.map((s) => existing.get(s)!.id)
    await db.delete(articles).where(inArray(articles.categoryId, goneIds))
    await db.delete(articles).where(inArray(articles.subCategoryId, goneIds))
    await db.delete(categories).where(inArray(categories.id, goneIds))
    for (const s of gone) ids.delete(s)
  }
  return ids
}

/** The words of the library, for typo correction (see services/library/search.ts). */
async function refreshTerms(db: Db) {
  await db.delete(libraryTerms)
  await db.execute(sql`
      insert into library_terms (term, documents)
      select word, ndoc from ts_stat($$
        select to_tsvector('simple', title || ' ' || array_to_string(tags, ' ') || ' ' || summary || ' ' || body_text)
        from articles
        union all
        select to_tsvector('simple', title || ' ' || description) from categories
      $$)
      where length(word) between 3 and 40 and word ~ '^[a-z]+$'`)
}
