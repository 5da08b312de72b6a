import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as v from 'valibot'
import { categorySlugs, type Ebook } from '~contract/library.ts'
import type { Config } from '../../config.ts'
import type { Log } from '../../log.ts'
import { ebookCover } from './covers.ts'
import { buildEpub, buildPdf, type BookInput } from './ebook-files.ts'
import type { Library, LibrarySnapshot } from './library.ts'

/** Bump when the EPUB or PDF layout changes: cached files are made again. */
const builderVersion = 'ebook-2'

export const ebookFormats = ['epub', 'pdf'] as const
export type EbookFormat = (typeof ebookFormats)[number]
export const ebookMediaTypes: Record<EbookFormat, string> = { epub: 'application/epub+zip', pdf: 'application/pdf' }

const definitionsSchema = v.array(
  v.object({
    slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
    title: v.string(),
    subtitle: v.string(),
    description: v.string(),
    categories: v.pipe(v.array(v.picklist(categorySlugs)), v.minLength(1)),
    cover_category: v.picklist(categorySlugs),
  }),
)
type Definition = v.InferOutput<typeof definitionsSchema>[number]

export type EbookFile = { bytes: Uint8Array; filename: string; mediaType: string; etag: string }

export type Ebooks = {
  list(): Promise<Ebook[]>
  cover(slug: string): Promise<string | undefined>
  /** The file, made on first request and kept under DATA_DIR/ebooks until its articles change. */
  file(slug: string, format: EbookFormat): Promise<EbookFile | undefined>
}

/** Books put together from library articles: the categories of server/content/ebooks.json, chapters by title. */
export function createEbooks({ config, log, library }: { config: Config; log: Log; library: Library }): Ebooks {
  const file = join(config.contentDir, 'ebooks.json')
  const definitions: Definition[] = v.parse(definitionsSchema, JSON.parse(readFileSync(file, 'utf8')))
  const dir = join(config.dataDir, 'ebooks')
  const making = new Map<string, Promise<EbookFile>>()

  const chapters = (snapshot: LibrarySnapshot, d: Definition) =>
    snapshot.articles
      .filter((a) => (d.categories as string[]).includes(a.category.slug))
      .sort((a, b) => a.title.localeCompare(b.title, 'en') || a.slug.localeCompare(b.slug))

  const coverSvg = (d: Definition) => ebookCover({ slug: d.slug, title: d.title, subtitle: d.subtitle, categorySlug: d.cover_category })

  const hashOf = (d: Definition, snapshot: LibrarySnapshot) => {
    const hash = createHash('sha256').update(builderVersion).update(JSON.stringify(d))
    for (const a of chapters(snapshot, d)) hash.update(`${a.slug}:${a.contentHash}\n`)
    return hash.digest('hex').slice(0, 12)
  }

  async function make(d: Definition, format: EbookFormat, snapshot: LibrarySnapshot, hash: string): Promise<EbookFile> {
    const path = join(dir, `${d.slug}-${hash}.${format}`)
    const done = (bytes: Uint8Array): EbookFile => ({
      bytes,
      filename: `waypoint-${d.slug}.${format}`,
      mediaType: ebookMediaTypes[format],
      etag: `"${hash}-${format}"`,
    })
    try {
      return done(await readFile(path))
    } catch {
      // Not made yet.
    }
    const list = chapters(snapshot, d)
    const book: BookInput = {
      slug: d.slug,
      title: d.title,
      subtitle: d.subtitle,
      description: d.description,
      coverSvg: coverSvg(d),
      chapters: list,
      modified: new Date(Math.max(0, ...list.map((a) => a.publishedAt.getTime()))),
    }
    const started = performance.now()
    const bytes = format === 'epub' ? buildEpub(book) : await buildPdf(book)
    await mkdir(dir, { recursive: true })
    const partial = `${path}.${process.pid}.partial`
    await writeFile(partial, bytes)
    await rename(partial, path)
    log.info(
      `Ebooks: made ${d.slug}.${format} (${list.length} chapters, ${Math.round(bytes.length / 1024)} KB) in ${Math.round(performance.now() - started)} ms`,
    )
    // Older editions of this book go.
    for (const name of await readdir(dir)) {
      if (name.startsWith(`${d.slug}-`) && name.endsWith(`.${format}`) && name !== `${d.slug}-${hash}.${format}`) {
        await rm(join(dir, name), { force: true })
      }
    }
    return done(bytes)
  }

  return {
    async list() {
      const snapshot = await library.snapshot()
      return definitions.map((d) => ({
        slug: d.slug,
        title: d.title,
        subtitle: d.subtitle,
        description: d.description,
        cover: `/api/ebooks/${d.slug}/cover.svg`,
        chapters: chapters(snapshot, d).map((a) => ({ title: a.title, article_slug: a.slug })),
        formats: ebookFormats.map((format) => ({ format, url: `/api/ebooks/${d.slug}.${format}` })),
      }))
    },
    async cover(slug) {
      const d = definitions.find((x) => x.slug === slug)
      return d && coverSvg(d)
    },
    async file(slug, format) {
      const d = definitions.find((x) => x.slug === slug)
      if (!d) return undefined
      const snapshot = await library.snapshot()
      const hash = hashOf(d, snapshot)
      const key = `${slug}-${hash}.${format}`
      let pending = making.get(key)
      if (!pending) {
        // One build per file however many ask at once; the promise is kept as the in-memory copy.
        pending = make(d, format, snapshot, hash)
        making.set(key, pending)
        pending.catch(() => making.delete(key))
      }
      return pending
    },
  }
}
