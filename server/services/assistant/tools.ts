import type { Log } from '../../log.ts'
import type { Library } from '../library.ts'
import type { Search } from '../search.ts'
import { bestPassage, topicWords } from './text.ts'
import type { AssistantTools, LibraryFindings, LibraryHit, SiteTool } from './types.ts'

/** The Builder and Services menus of spec section 1. */
export const siteTools: SiteTool[] = [
  {
    title: 'Resume Builder',
    url: '/resume',
    description: 'Build a resume from a template (cool, visionary or brilliant), preview it as you type and download it as a PDF.',
  },
  {
    title: 'Cover Letter Builder',
    url: '/coverletter',
    description: 'Write a cover letter step by step: your details, the job, your strengths, then opener, body and call to action.',
  },
  {
    title: 'Salary Insights',
    url: '/salary',
    description: 'See what a job pays in a city or country, as percentiles with their sources.',
  },
  {
    title: 'Cost of Living',
    url: '/living-cost',
    description: 'Compare rent, food, transport and other living costs between cities.',
  },
]

/** Articles scoring below this in the library search matched only in passing (body words). */
const minArticleScore = 1
/** ...and below this share of the best one's score they are a poor second. */
const minShareOfBest = 0.5
const maxArticles = 3

const noFindings: LibraryFindings = { articles: [], categories: [] }

/**
 * The assistant's tools over the platform's data: the library search service (ranking, typo
 * correction) with quotes from the cached articles; data tools join through `extra`.
 */
export function createAssistantTools(
  { search, library, log }: { search: Search; library: Library; log: Log },
  extra: Partial<AssistantTools> = {},
): AssistantTools {
  return {
    async searchLibrary(query) {
      const topic = topicWords(query)
      if (topic.length === 0) return noFindings
      try {
        const [response, snapshot] = await Promise.all([search.search(topic.join(' '), 8), library.snapshot()])
        const articles = response.results.filter((r) => r.kind === 'article')
        const best = articles[0]?.score ?? 0
        const hits: LibraryHit[] = articles
          .filter((r) => r.score >= minArticleScore && r.score >= best * minShareOfBest)
          .slice(0, maxArticles)
          .map((r) => {
            const article = snapshot.bySlug.get(r.url.replace(/^\/articles\//, ''))
            const passage = article ? bestPassage(article.bodyText, topic) : ''
            return {
              title: r.title,
              url: r.url,
              summary: article?.summary ?? '',
              // The search's own snippet (escaped, with <mark>) when no whole sentence matched.
              passage: passage || r.snippet.replace(/\s+/g, ' ').trim(),
            }
          })
        const categories = response.results
          .filter((r) => r.kind === 'category' && r.score >= 2)
          .slice(0, 1)
          .map((r) => ({ title: r.title, url: r.url }))
        return { articles: hits, categories }
      } catch (error) {
        // No library yet (a database without the articles table) or a failing query: the
        // assistant says it found nothing rather than failing the question.
        log.warn('Chat: the library search failed', error)
        return noFindings
      }
    },
    builders: () => siteTools,
    ...extra,
  }
}
