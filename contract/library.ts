import * as v from 'valibot'

/** Spec section 2: the eight library category slugs. */
export const categorySlugs = [
  'career-development',
  'networking-and-connections',
  'internship-and-training',
  'standardized-tests',
  'application-materials',
  'interview-tips',
  'university-admission',
  'job-hunting',
] as const
export type CategorySlug = (typeof categorySlugs)[number]

/** Spec section 3: a library category (CategoryLibrary), sub-categories in the same shape. */
export type LibraryCategory = {
  id: number
  title: string
  description: string
  slug: string
  /** Name of the icon the SPA draws (lucide icon name in kebab-case). */
  icon: string
  is_main: boolean
  polymorphic_ctype: number
  /** The parent category's id; null for a main category. */
  parent: number | null
  sub_category: LibraryCategory[]
  resourcetype: 'CategoryLibrary'
}

/** What the article page and the player say when the server gave up narrating an article. */
export const audioUnavailableMessage = 'Audio is not available for this article'

/**
 * Narrated audio of an article; `duration` (seconds) is known once it has been generated.
 * `failed`: every try at narrating it failed (the server tries again later when it is asked for).
 */
export type ArticleAudio = {
  id: string
  url: string
  peaks_url: string
  duration: number | null
  status: 'ready' | 'pending' | 'failed'
}

export type ArticleCard = {
  id: number
  slug: string
  title: string
  summary: string
  category: { slug: string; title: string }
  sub_category: { slug: string; title: string } | null
  tags: string[]
  author: string
  published_at: string
  reading_minutes: number
  /** URL of the cover illustration (SVG). */
  cover: string
  audio: ArticleAudio | null
}

export type TocEntry = { id: string; title: string; level: 2 | 3 }

export type ArticleDetail = ArticleCard & {
  /** Sanitised HTML of the body; headings carry the ids of `toc`. */
  html: string
  toc: TocEntry[]
  related: ArticleCard[]
  /** Sources named in the article (facts and figures from public sources). */
  sources: { title: string; url: string }[]
}

export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] }

export const PAGE_SIZE_DEFAULT = 12
export const PAGE_SIZE_MAX = 100

/** GET /api/library/articles?category=&sub_category=&page=&page_size= */
export const articleListQuery = v.object({
  category: v.optional(v.pipe(v.string(), v.maxLength(80))),
  sub_category: v.optional(v.pipe(v.string(), v.maxLength(80))),
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'page must be a positive whole number'),
      v.transform(Number),
      v.minValue(1, 'page must be a positive whole number'),
    ),
    '1',
  ),
  page_size: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, `page_size must be a whole number from 1 to ${PAGE_SIZE_MAX}`),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(PAGE_SIZE_MAX),
    ),
    String(PAGE_SIZE_DEFAULT),
  ),
})

/** GET /api/search?title= */
export const searchQuery = v.object({
  title: v.pipe(v.string('Type something to search for'), v.trim(), v.nonEmpty('Type something to search for'), v.maxLength(200)),
  page_size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number), v.minValue(1), v.maxValue(50)), '20'),
})

export type SearchResult = {
  kind: 'article' | 'category' | 'tool' | 'location'
  title: string
  /** Where the result lives in the SPA, e.g. /articles/{slug}. */
  url: string
  /** A short excerpt; matched words wrapped in <mark> (everything else HTML-escaped). */
  snippet: string
  /** For articles: the category title. */
  context: string | null
  score: number
}

export type SearchResponse = { query: string; count: number; results: SearchResult[] }

export type Ebook = {
  slug: string
  title: string
  subtitle: string
  description: string
  cover: string
  chapters: { title: string; article_slug: string }[]
  formats: { format: 'epub' | 'pdf'; url: string }[]
}

/** 202 from GET /api/audio/{slug}.mp3 and /peaks.json while the narration is being made (also in Retry-After). */
export type AudioPending = { detail: string; retry_after: number }

/** GET /api/audio/{slug}/peaks.json: waveform peaks (0..1) for wavesurfer's `peaks`, duration in seconds. */
export type AudioPeaks = { duration: number; peaks: number[] }
