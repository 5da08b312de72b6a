import type { Log } from '../../log.ts'
import type { Library } from '../library/index.ts'
import { adviceHtml, matchAdvice } from './advice.ts'
import { coverLetterCase, coverLetterGuide } from './cover-letter.ts'
import { answerFacts, factQuery } from './facts.ts'
import { practiceQuestions, starFeedback } from './interview.ts'
import { reviewResumeLine } from './resume-line.ts'
import { retrieve, unitHtml } from './retrieval.ts'
import { topicWords } from './text.ts'
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

const noFindings: LibraryFindings = { articles: [], categories: [] }

/** How near a card must come to a question to answer it (0-1; tuned on the dev sets): alone, or agreeing with the library. */
const adviceAlone = 0.4
const adviceAgreeing = 0.3

/**
 * The assistant's tools over the platform's data: passage-level retrieval over the cached
 * library (sections of articles, typos corrected), the interview question bank, the resume-line
 * review and cover-letter guidance; data tools join through `extra`.
 */
export function createAssistantTools({ library, log }: { library: Library; log: Log }, extra: Partial<AssistantTools> = {}): AssistantTools {
  return {
    async searchLibrary(query, options) {
      if (topicWords(query).length === 0) return noFindings
      try {
        const snapshot = await library.snapshot()
        const found = retrieve(snapshot, query, options)
        const hits: LibraryHit[] = found.passages.map((p) => ({
          title: p.section.article.title,
          url: `/articles/${p.section.article.slug}`,
          summary: p.section.article.summary,
          passage: p.units.map(unitHtml).join(' '),
          heading: p.section.heading,
          sectionUrl: p.section.url,
          sentences: p.units.map(unitHtml),
          category: p.section.article.category.slug,
        }))
        return { articles: hits, categories: [], lead: found.lead ? unitHtml(found.lead) : undefined }
      } catch (error) {
        // No library yet (a database without the articles table) or a failing query: the
        // assistant says it found nothing rather than failing the question.
        log.warn('Chat: the library search failed', error)
        return noFindings
      }
    },
    async advice(question, articles = []) {
      // Near enough alone, or near and agreeing with the library (two ways of finding it, one answer).
      const best = matchAdvice(question, 3).find(
        ({ card, score }) => score >= adviceAlone || (score >= adviceAgreeing && card.links.some((url) => articles.includes(url))),
      )
      if (!best) return null
      let stored: { slug: string; title: string }[] = []
      try {
        stored = (await library.snapshot()).articles
      } catch (error) {
        log.warn('Chat: the library could not be read for the advice links', error)
      }
      const titleOf = (url: string) => stored.find((article) => `/articles/${article.slug}` === url)?.title
      const html = adviceHtml(best.card, titleOf)
      const reading = best.card.links.flatMap((url) => {
        const title = titleOf(url)
        return title ? [{ title, url }] : []
      })
      const source = best.card.source ? [{ title: `${best.card.source.publisher}: ${best.card.source.title}`, url: best.card.source.url }] : []
      return { text: html.replace(/<[^>]*>/g, ''), html, sources: [...source, ...reading], category: best.card.category }
    },
    studyFacts(question, context) {
      const query = factQuery(question, context)
      return query ? answerFacts(query) : null
    },
    interviewQuestions: (role, level, count) => practiceQuestions(role, level, count),
    interviewFeedback: (answer, question) => starFeedback(answer, question),
    reviewResumeLine: (line, context) => reviewResumeLine(line, context),
    coverLetterGuidance: (situation) => coverLetterGuide(coverLetterCase(situation)),
    builders: () => siteTools,
    ...extra,
  }
}
