import { desc, sql } from 'drizzle-orm'
import type { SearchResponse, SearchResult } from '~contract/library.ts'
import type { Db } from '../../db/open.ts'
import { articlePassages, articles, categories, libraryTerms } from '../../db/schema.ts'
import { editDistance, escapeHtml, words as queryWords } from '../../lib/text.ts'
import type { Library } from './library.ts'

/** What a search provider is given: the text as typed and its words after typo correction. */
export type SearchInput = { text: string; words: string[]; limit: number }

/** Locations plug into the search here (the locations issue provides one). */
export type LocationSearch = (input: SearchInput) => Promise<SearchResult[]>
export const noLocations: LocationSearch = async () => []

/** The site's tools, found by their names and a few words people use for them. */
export const tools: { title: string; url: string; description: string; keywords: string[] }[] = [
  {
    title: 'Resume Builder',
    url: '/resume',
    description: 'Build a resume from a template, preview it as you type and download it as a PDF.',
    keywords: ['resume', 'cv', 'curriculum', 'vitae', 'builder', 'template', 'pdf'],
  },
  {
    title: 'Cover Letter Builder',
    url: '/coverletter',
    description: 'Write a cover letter step by step: opener, body and call to action.',
    keywords: ['cover', 'letter', 'motivation', 'application', 'builder'],
  },
  {
    title: 'Salary Insights',
    url: '/salary',
    description: 'See what a job pays where you live: percentiles with their sources.',
    keywords: ['salary', 'salaries', 'pay', 'wage', 'wages', 'income', 'earnings', 'compensation'],
  },
  {
    title: 'Cost of Living',
    url: '/living-cost',
    description: 'Compare rent, food and transport costs between cities.',
    keywords: ['cost', 'living', 'rent', 'prices', 'expenses', 'budget', 'city', 'cities'],
  },
  {
    title: 'Library',
    url: '/library',
    description: 'Articles with narrated audio on careers, applications, interviews and admissions.',
    keywords: ['library', 'articles', 'advice', 'guides', 'audio', 'podcast'],
  },
  {
    title: 'Countries',
    url: '/countries',
    description: 'Working and studying in other countries: cities, costs and salaries.',
    keywords: ['countries', 'country', 'abroad', 'relocation', 'visa', 'move', 'locations'],
  },
]

// Private-use characters mark matches inside ts_headline's output; the text is HTML-escaped
// first, then only these become <mark> tags, so nothing from a query or an article becomes markup.
const markStart = '\uE000'
const markStop = '\uE001'
const headlineOptions = `StartSel=${markStart}, StopSel=${markStop}, MaxFragments=2, MaxWords=20, MinWords=8, ShortWord=3, FragmentDelimiter=" … "`
const headlineAll = `StartSel=${markStart}, StopSel=${markStop}, HighlightAll=true`

/** Escapes everything, then turns only our markers into <mark>; markers are unbalanced-safe. */
export function markedSnippet(headline: string): string {
  let open = false
  let out = ''
  for (const part of escapeHtml(headline).split(/([\uE000\uE001])/)) {
    if (part === markStart && !open) {
      out += '<mark>'
      open = true
    } else if (part === markStop && open) {
      out += '</mark>'
      open = false
    } else if (part !== markStart && part !== markStop) out += part
  }
  return open ? `${out}</mark>` : out
}

const stopWords = new Set(['and', 'or', 'the', 'for', 'with', 'how', 'what', 'to', 'of', 'in', 'on', 'a', 'an', 'is', 'my', 'your'])

export type Search = { search(text: string, limit: number): Promise<SearchResponse> }

export function createSearch(db: Db, library: Library, locations: LocationSearch = noLocations): Search {
  let statements: ReturnType<typeof prepare> | undefined
  const prepared = () => (statements ??= prepare(db))

  // Everything below is per content version: results, corrections and the vocabulary.
  let version = ''
  const cache = new Map<string, SearchResponse>()
  const corrections = new Map<string, string>()
  /** Every term of the library with the number of articles it is in. */
  let vocabulary: Promise<Map<string, number>> | undefined

  async function correct(word: string): Promise<string> {
    // Short words and numbers are left alone: too little to go on.
    if (word.length < 4 || /\d/.test(word)) return word
    const known = corrections.get(word)
    if (known !== undefined) return known
    vocabulary ??= db
      .select({ term: libraryTerms.term, documents: libraryTerms.documents })
      .from(libraryTerms)
      .then((rows) => new Map(rows.map((r) => [r.term, r.documents])))
      .catch((error: unknown) => {
        vocabulary = undefined
        throw error
      })
    const terms = await vocabulary
    let fixed = word
    if (!terms.has(word)) {
      // A typo is a letter or two away: the closest term by trigrams if it is that close,
      // else a term one edit away (swapped letters: "resmue"); a word far from every term
      // ("blockchain") stays as typed and finds nothing, rather than some unrelated article.
      const max = word.length >= 8 ? 2 : 1
      let best: { term: string; distance: number; documents: number } | undefined
      for (const [term, documents] of terms) {
        if (term[0] !== word[0] || Math.abs(term.length - word.length) > max) continue
        const distance = editDistance(word, term, max)
        if (distance > max) continue
        if (!best || distance < best.distance || (distance === best.distance && documents > best.documents)) best = { term, distance, documents }
      }
      if (best) fixed = best.term
      else {
        const similar = (await prepared().correction.execute({ word }))[0]?.term
        if (similar && editDistance(word, similar, max) <= max) fixed = similar
      }
    }
    if (corrections.size >= 5000) corrections.clear()
    corrections.set(word, fixed)
    return fixed
  }

  async function run(text: string, limit: number): Promise<SearchResponse> {
    const { ranked, categoryMatches } = prepared()
    const typed = queryWords(text).slice(0, 12)
    const corrected = await Promise.all(typed.map(correct))
    const fixes = new Map(typed.map((word, i) => [word, corrected[i]!]))
    // The query as typed (quotes, "or", "-word" keep their websearch meaning) with typos fixed.
    const all = text.replace(/[\p{L}\p{N}]+/gu, (word) => fixes.get(word.toLowerCase()) ?? word)
    const excluded = new Set(queryWords(text.match(/(?:^|\s)-[\p{L}\p{N}]+/gu)?.join(' ') ?? ''))
    const positive = [...new Set(corrected.filter((w, i) => !stopWords.has(w) && !excluded.has(typed[i]!)))]
    const any = positive.join(' or ')
    const results: SearchResult[] = []
    if (any) {
      for (const row of await ranked.execute({ all, any, text: corrected.join(' '), limit })) {
        results.push({
          kind: 'article',
          title: row.title,
          url: `/articles/${row.slug}`,
          snippet: markedSnippet(row.snippet),
          context: row.category,
          score: row.score,
        })
      }
      for (const row of await categoryMatches.execute({ any })) {
        const query = row.parentSlug ? `category=${row.parentSlug}&sub_category=${row.slug}` : `category=${row.slug}`
        results.push({
          kind: 'category',
          title: row.title,
          url: `/library?${query}`,
          snippet: markedSnippet(row.snippet),
          context: row.parentSlug ? 'Library sub-category' : 'Library category',
          score: row.score,
        })
      }
    }
    results.push(...toolMatches(corrected))
    // A query that names a place puts its page first ("London", "Austin, TX", "France").
    const places = await locations({ text, words: corrected, limit })
    const wanted = placeName(text)
    const named = places.filter((p) => placeName(p.title) === wanted || placeName(p.title.split(',')[0]!) === wanted)
    results.unshift(...named)
    results.push(...places.filter((p) => !named.includes(p)))
    return { query: text, count: results.length, results }
  }

  return {
    async search(text, limit) {
      const snapshot = await library.snapshot()
      if (snapshot.version !== version) {
        version = snapshot.version
        cache.clear()
        corrections.clear()
        vocabulary = undefined
      }
      // Content changes only with a seed, so a query's answer can be kept until then.
      const key = `${limit} ${text.toLowerCase().replace(/\s+/g, ' ')}`
      const hit = cache.get(key)
      if (hit) return hit.query === text ? hit : { ...hit, query: text }
      const response = await run(text, limit)
      if (cache.size >= 1000) cache.delete(cache.keys().next().value!)
      cache.set(key, response)
      return response
    },
  }
}

/** Prepared once, on first use: only the values change per request. */
function prepare(db: Db) {
  const correction = db
    .select({ term: libraryTerms.term })
    .from(libraryTerms)
    .where(sql`${libraryTerms.term} % ${sql.placeholder('word')}::text and similarity(${libraryTerms.term}, ${sql.placeholder('word')}::text) >= 0.4`)
    .orderBy(sql`similarity(${libraryTerms.term}, ${sql.placeholder('word')}::text) desc`, desc(libraryTerms.documents), libraryTerms.term)
    .limit(1)
    .prepare('library_search_correction')

  const titleVector = sql`to_tsvector('english', ${articles.title})`
  const ranked = db
    .select({
      slug: articles.slug,
      title: articles.title,
      category: categories.title,
      score: sql<number>`round((
          case when ${titleVector} @@ q.all_words then 2 else 0 end
        + case when ${titleVector} @@ q.any_word then 1 else 0 end
        + case when ${articles.search} @@ q.all_words then 1 else 0 end
        + ts_rank(${articles.search}, q.any_word)
        + 0.5 * word_similarity(q.text, ${articles.title})
      )::numeric, 4)::float8`.as('score'),
      // The two best passages (see article_passages), or the summary when only the title matched.
      snippet: sql<string>`coalesce(
        (select ts_headline('english', string_agg(p.text, ' … ' order by p.position), q.any_word, ${headlineOptions})
         from (select p.text, p.position from ${articlePassages} p
               where p.article_id = ${articles.id} and p.search @@ q.any_word
               order by ts_rank(p.search, q.any_word) desc, p.position limit 2) p),
        ts_headline('english', ${articles.summary}, q.any_word, ${headlineOptions}))`.as('snippet'),
    })
    .from(
      sql`(select websearch_to_tsquery('english', ${sql.placeholder('all')}) as all_words,
                  websearch_to_tsquery('english', ${sql.placeholder('any')}) as any_word,
                  ${sql.placeholder('text')}::text as text) q`,
    )
    .innerJoin(articles, sql`${articles.search} @@ q.any_word or q.text <% ${articles.title}`)
    .innerJoin(categories, sql`${categories.id} = ${articles.categoryId}`)
    .orderBy(sql`score desc`, desc(articles.publishedAt), articles.slug)
    .limit(sql.placeholder('limit'))
    .prepare('library_search_articles')

  const categoryVector = sql`to_tsvector('english', ${categories.title} || ' ' || ${categories.description})`
  const categoryMatches = db
    .select({
      slug: categories.slug,
      title: categories.title,
      parentSlug: sql<string | null>`(select p.slug from categories p where p.id = ${categories.parentId})`,
      score: sql<number>`round((
          case when to_tsvector('english', ${categories.title}) @@ q.any_word then 2 else 0 end
        + ts_rank(${categoryVector}, q.any_word)
      )::numeric, 4)::float8`.as('score'),
      snippet: sql<string>`ts_headline('english', ${categories.description}, q.any_word, ${headlineAll})`,
    })
    .from(sql`(select websearch_to_tsquery('english', ${sql.placeholder('any')}) as any_word) q`)
    .innerJoin(categories, sql`${categoryVector} @@ q.any_word`)
    .orderBy(sql`score desc`, categories.position, categories.slug)
    .limit(6)
    .prepare('library_search_categories')

  return { correction, ranked, categoryMatches }
}

/** A place name compared without case, accents or punctuation. */
const placeName = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** A tool matches when a query word is one of its keywords or names it (plural or prefix of 4+). */
function toolMatches(words: string[]): SearchResult[] {
  const matches: SearchResult[] = []
  for (const tool of tools) {
    const titleWords = queryWords(tool.title)
    let score = 0
    for (const word of words) {
      if (stopWords.has(word)) continue
      const hits = (list: string[]) => list.some((k) => k === word || k === word.replace(/s$/, '') || (word.length >= 4 && k.startsWith(word)))
      if (hits(titleWords)) score += 1
      else if (hits(tool.keywords)) score += 0.5
    }
    if (score > 0) {
      matches.push({ kind: 'tool', title: tool.title, url: tool.url, snippet: escapeHtml(tool.description), context: 'Tool', score })
    }
  }
  return matches.sort((a, b) => b.score - a.score)
}
