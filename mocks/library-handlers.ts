import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import {
  articleListQuery,
  searchQuery,
  type ArticleCard,
  type ArticleDetail,
  type Ebook,
  type LibraryCategory,
  type SearchResult,
  type TocEntry,
} from '~contract/library.ts'
import categoryContent from '../server/content/categories.json'
import { fieldErrors } from './field-errors'

// Fixtures: the real categories, fourteen short articles in three of them, and two ebooks.

type CategoryContent = {
  slug: string
  title: string
  icon: string
  description: string
  sub_categories: { slug: string; title: string; description: string }[]
}

/** The eight categories of server/content/categories.json in the CategoryLibrary shape. */
export function mockCategories(): LibraryCategory[] {
  let subId = 100
  return (categoryContent as CategoryContent[]).map((category, index) => {
    const id = index + 1
    return {
      id,
      title: category.title,
      description: category.description,
      slug: category.slug,
      icon: category.icon,
      is_main: true,
      polymorphic_ctype: 12,
      parent: null,
      resourcetype: 'CategoryLibrary' as const,
      sub_category: category.sub_categories.map((sub) => ({
        id: (subId += 1),
        title: sub.title,
        description: sub.description,
        slug: sub.slug,
        icon: category.icon,
        is_main: false,
        polymorphic_ctype: 12,
        parent: id,
        sub_category: [],
        resourcetype: 'CategoryLibrary' as const,
      })),
    }
  })
}

type Seed = {
  slug: string
  title: string
  category: string
  sub: string
  summary: string
  published: string
  minutes: number
  tags: string[]
  sections: [string, string][]
  audio?: 'ready' | 'pending'
}

/** Short but realistic articles in three categories: enough for filters, pages and search. */
const seeds: Seed[] = [
  {
    slug: 'answering-tell-me-about-yourself',
    title: 'How to answer “Tell me about yourself”',
    category: 'interview-tips',
    sub: 'question-types',
    summary:
      'A simple present–past–future structure that turns the most common opening question into a two-minute pitch for the job in front of you.',
    published: '2026-03-02',
    minutes: 7,
    tags: ['interview', 'opening-question', 'pitch'],
    sections: [
      [
        'Why interviewers ask it',
        'The question is an invitation to set the agenda. Interviewers want to hear how you connect your experience to their role, and how clearly you speak when nobody gives you a script.',
      ],
      [
        'A structure that works',
        'Start with what you do now, add the one or two past experiences that explain why you are a fit, and finish with why this role is the natural next step. Keep it under two minutes.',
      ],
      [
        'Practise out loud',
        'Record yourself once, listen back, and cut anything that does not point at the job. A pitch that sounds natural has usually been rehearsed several times.',
      ],
    ],
  },
  {
    slug: 'star-method-behavioural-questions',
    title: 'The STAR method for behavioural interview questions',
    category: 'interview-tips',
    sub: 'question-types',
    summary:
      'Situation, task, action, result: how to build short, specific stories that answer “Tell me about a time when…” questions with evidence.',
    published: '2026-02-18',
    minutes: 9,
    tags: ['interview', 'star-method', 'behavioural-questions'],
    sections: [
      [
        'What behavioural questions test',
        'Past behaviour is the best predictor of future behaviour, so many employers ask for real examples. A vague answer signals that you have no example at all.',
      ],
      [
        'Building a STAR story',
        'Describe the situation and your task in one or two sentences each, spend most of the time on the actions you personally took, and end with a measurable result.',
      ],
      [
        'Keep a story bank',
        'Write six to eight stories that cover teamwork, conflict, failure, leadership and pressure. Most questions can be answered by adapting one of them.',
      ],
    ],
  },
  {
    slug: 'video-interview-checklist',
    title: 'A checklist for video interviews',
    category: 'interview-tips',
    sub: 'preparation',
    summary:
      'Camera, light, sound and notes: the practical set-up that lets the interviewer pay attention to your answers instead of your connection.',
    published: '2026-01-27',
    minutes: 6,
    tags: ['interview', 'video-interview', 'remote'],
    sections: [
      [
        'The day before',
        'Test the exact link and software you will use, charge your laptop and choose a quiet room. Tell anyone you live with when the interview is.',
      ],
      ['Light and camera', 'Face a window or a lamp, raise the camera to eye level and sit far enough back that your shoulders are visible.'],
      [
        'If something goes wrong',
        'Keep the interviewer’s phone number at hand. A calm “My connection dropped; may I call you?” is far better than silence.',
      ],
    ],
    audio: 'pending',
  },
  {
    slug: 'questions-to-ask-the-interviewer',
    title: 'Good questions to ask at the end of an interview',
    category: 'interview-tips',
    sub: 'preparation',
    summary: 'The questions that show you have thought about the job, and the ones to save until you have an offer.',
    published: '2025-12-09',
    minutes: 5,
    tags: ['interview', 'questions'],
    sections: [
      ['Why it matters', 'Ending with thoughtful questions shows interest and gives you information you need to decide whether you want the job.'],
      ['Questions about the work', 'Ask what success looks like after six months, what the team is working on now, and how performance is reviewed.'],
    ],
  },
  {
    slug: 'negotiating-your-first-salary',
    title: 'Negotiating your first salary offer',
    category: 'interview-tips',
    sub: 'after-the-interview',
    summary: 'How to research a fair range, respond to an offer without losing it, and ask for more in a way that employers expect.',
    published: '2025-11-20',
    minutes: 10,
    tags: ['salary', 'negotiation', 'job-offer'],
    sections: [
      [
        'Know the range',
        'Look up pay for the role and place from official wage statistics, then adjust for the size of the employer and your experience.',
      ],
      [
        'Respond, then ask',
        'Thank them, ask for the offer in writing and a day to consider it, then make one clear request backed by your research.',
      ],
    ],
  },
  {
    slug: 'resume-that-passes-applicant-tracking-systems',
    title: 'How to write a resume that applicant tracking systems can read',
    category: 'application-materials',
    sub: 'resumes',
    summary:
      'What applicant tracking systems really do with your resume, and how to format it and choose keywords so software and recruiters can both read it.',
    published: '2026-01-14',
    minutes: 8,
    tags: ['resume', 'applicant-tracking-systems', 'keywords'],
    sections: [
      [
        'What an ATS actually does',
        'An applicant tracking system parses, stores and searches applications. Very few reject you on their own; recruiters search and read from the top.',
      ],
      [
        'Formatting that survives parsing',
        'Use one column, standard headings, a common font and consistent dates. Keep contact details in the body, not the header.',
      ],
      [
        'Keywords without stuffing',
        'Mirror the exact phrases of the job ad where they are true for you, and put skills inside achievement bullets rather than long lists.',
      ],
    ],
  },
  {
    slug: 'turning-job-duties-into-achievement-bullets',
    title: 'Turning job duties into achievement bullets',
    category: 'application-materials',
    sub: 'resumes',
    summary:
      'Rewrite “responsible for” lines as results: a formula, examples from entry-level jobs, and where to find numbers when you think you have none.',
    published: '2026-02-05',
    minutes: 7,
    tags: ['resume', 'achievements', 'writing'],
    sections: [
      [
        'Duties versus achievements',
        'A duty says what the job was; an achievement says what changed because you did it. Recruiters remember the second.',
      ],
      [
        'A simple formula',
        'Start with a strong verb, name what you did, and end with the result: a number, a time saved or a problem that went away.',
      ],
    ],
  },
  {
    slug: 'cover-letter-structure',
    title: 'A cover letter structure that gets read',
    category: 'application-materials',
    sub: 'cover-letters',
    summary: 'Why you, why them, why now: a four-paragraph structure for cover letters that recruiters finish reading.',
    published: '2025-12-16',
    minutes: 6,
    tags: ['cover-letter', 'writing', 'applications'],
    sections: [
      ['The opening', 'Name the role and give one specific reason you want it. Skip the generic first line that every letter shares.'],
      ['The middle', 'Two short paragraphs: the strongest evidence that you can do the job, and why this employer in particular.'],
      ['The close', 'Thank them and say you look forward to discussing the role. Keep the whole letter under one page.'],
    ],
  },
  {
    slug: 'personal-statement-first-draft',
    title: 'Writing the first draft of a personal statement',
    category: 'application-materials',
    sub: 'portfolios-and-statements',
    summary: 'From a blank page to a first draft: collecting material, choosing a thread, and writing badly on purpose before you edit.',
    published: '2025-10-30',
    minutes: 8,
    tags: ['personal-statement', 'writing'],
    sections: [
      ['Collect before you write', 'List experiences, books, projects and moments that shaped your interest. You will use a fraction of them.'],
      ['Find the thread', 'Pick the one idea that links the strongest items, and let it organise the draft.'],
    ],
  },
  {
    slug: 'portfolio-for-first-job',
    title: 'Building a portfolio for your first job',
    category: 'application-materials',
    sub: 'portfolios-and-statements',
    summary: 'Which projects to include, how to describe your part in group work, and where to host a portfolio for free.',
    published: '2025-09-22',
    minutes: 7,
    tags: ['portfolio', 'projects', 'first-job'],
    sections: [
      [
        'Choose three to five projects',
        'Quality beats quantity. Pick work that is relevant to the jobs you want and that you can explain in detail.',
      ],
      ['Describe your part', 'For group projects, say exactly what you did and what the team achieved.'],
    ],
  },
  {
    slug: 'building-a-balanced-university-list',
    title: 'Building a balanced university list',
    category: 'university-admission',
    sub: 'choosing-universities',
    summary: 'Reach, match and likely choices: how to build a list you would be happy with whatever the results.',
    published: '2026-02-26',
    minutes: 9,
    tags: ['university', 'applications', 'planning'],
    sections: [
      ['Reach, match and likely', 'Sort universities by how your grades compare with admitted students, and keep a few in each group.'],
      ['Beyond rankings', 'Consider teaching style, cost, location and support services; they matter more day to day than a ranking.'],
    ],
  },
  {
    slug: 'scholarships-for-international-students',
    title: 'Finding scholarships as an international student',
    category: 'university-admission',
    sub: 'funding-your-studies',
    summary: 'Where scholarships are listed, how deadlines work, and how to write applications that stand out from hundreds of others.',
    published: '2026-01-08',
    minutes: 10,
    tags: ['scholarships', 'funding', 'study-abroad'],
    sections: [
      ['Where to look', 'Start with the universities themselves, then government programmes of your home and host country, then foundations.'],
      ['Deadlines come early', 'Many scholarships close months before admission deadlines. Build a calendar as soon as you have a shortlist.'],
    ],
  },
  {
    slug: 'admission-interview-preparation',
    title: 'Preparing for a university admission interview',
    category: 'university-admission',
    sub: 'essays-and-interviews',
    summary: 'What admission tutors look for, the questions they commonly ask, and how to talk about a subject you love.',
    published: '2025-11-04',
    minutes: 8,
    tags: ['interview', 'university', 'admission'],
    sections: [
      ['What tutors look for', 'Curiosity, the ability to think aloud and openness to new ideas matter more than knowing every answer.'],
      ['Practise thinking aloud', 'Work through unfamiliar problems with a friend and say each step. Tutors want to see how you reason.'],
    ],
  },
  {
    slug: 'study-abroad-budget',
    title: 'Planning a study-abroad budget',
    category: 'university-admission',
    sub: 'funding-your-studies',
    summary: 'Tuition, rent, insurance and the costs people forget: a month-by-month budget for your first year abroad.',
    published: '2025-08-28',
    minutes: 7,
    tags: ['budget', 'study-abroad', 'cost-of-living'],
    sections: [
      ['The big items', 'Tuition and rent take most of the budget. Check what is included in accommodation prices before comparing them.'],
      ['The forgotten costs', 'Visa fees, health insurance, deposits and the first weeks before your loan or scholarship arrives.'],
    ],
  },
]

const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export const mockCoverUrl = (slug: string) => `/api/library/covers/${slug}.svg`

/** Every fixture article in the detail shape, newest first. */
export function mockArticles(categories = mockCategories()): ArticleDetail[] {
  const details = seeds.map((seed, index) => {
    const category = categories.find((c) => c.slug === seed.category)!
    const sub = category.sub_category.find((s) => s.slug === seed.sub) ?? null
    const toc: TocEntry[] = seed.sections.map(([title]) => ({ id: slugify(title), title, level: 2 }))
    const html = [`<p>${seed.summary}</p>`, ...seed.sections.map(([title, text]) => `<h2 id="${slugify(title)}">${title}</h2>\n<p>${text}</p>`)].join(
      '\n',
    )
    const id = index + 1
    const detail: ArticleDetail = {
      id,
      slug: seed.slug,
      title: seed.title,
      summary: seed.summary,
      category: { slug: category.slug, title: category.title },
      sub_category: sub ? { slug: sub.slug, title: sub.title } : null,
      tags: seed.tags,
      author: 'Waypoint Editorial Team',
      published_at: seed.published,
      reading_minutes: seed.minutes,
      cover: mockCoverUrl(seed.slug),
      audio: {
        id: `audio-${id}`,
        url: `/api/audio/${seed.slug}.mp3?v=1`,
        peaks_url: `/api/audio/${seed.slug}/peaks.json?v=1`,
        duration: seed.audio === 'pending' ? null : seed.minutes * 60 + 17,
        status: seed.audio ?? 'ready',
      },
      html,
      toc,
      related: [],
      sources: [{ title: 'Occupational Outlook Handbook, U.S. Bureau of Labor Statistics', url: 'https://www.bls.gov/ooh/' }],
    }
    return detail
  })
  details.sort((a, b) => b.published_at.localeCompare(a.published_at))
  for (const detail of details) {
    detail.related = details
      .filter((other) => other.category.slug === detail.category.slug && other.slug !== detail.slug)
      .slice(0, 3)
      .map(({ html: _html, toc: _toc, related: _related, sources: _sources, ...card }) => card)
  }
  return details
}

export function mockEbooks(): Ebook[] {
  return [
    {
      slug: 'job-hunting-handbook',
      title: 'The Job Hunting Handbook',
      subtitle: 'From first search to signed offer',
      description: 'Resumes that get read, cover letters that get answered, interviews you can prepare for and the salary talk at the end.',
      cover: mockCoverUrl('ebook-job-hunting-handbook'),
      chapters: [
        { title: 'How to write a resume that applicant tracking systems can read', article_slug: 'resume-that-passes-applicant-tracking-systems' },
        { title: 'A cover letter structure that gets read', article_slug: 'cover-letter-structure' },
        { title: 'The STAR method for behavioural interview questions', article_slug: 'star-method-behavioural-questions' },
        { title: 'Negotiating your first salary offer', article_slug: 'negotiating-your-first-salary' },
      ],
      formats: [
        { format: 'epub', url: '/api/ebooks/job-hunting-handbook.epub' },
        { format: 'pdf', url: '/api/ebooks/job-hunting-handbook.pdf' },
      ],
    },
    {
      slug: 'university-admission-guide',
      title: 'The University Admission Guide',
      subtitle: 'Choosing, applying and paying for university',
      description: 'Build a balanced list, prepare for admission interviews, find scholarships and plan a budget for study abroad.',
      cover: mockCoverUrl('ebook-university-admission-guide'),
      chapters: [
        { title: 'Building a balanced university list', article_slug: 'building-a-balanced-university-list' },
        { title: 'Preparing for a university admission interview', article_slug: 'admission-interview-preparation' },
        { title: 'Finding scholarships as an international student', article_slug: 'scholarships-for-international-students' },
      ],
      formats: [
        { format: 'epub', url: '/api/ebooks/university-admission-guide.epub' },
        { format: 'pdf', url: '/api/ebooks/university-admission-guide.pdf' },
      ],
    },
  ]
}

// Handlers: the library, article, search and ebook endpoints of contract/library.ts.

const toCard = ({ html: _html, toc: _toc, related: _related, sources: _sources, ...card }: ArticleDetail): ArticleCard => card

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The server's snippet format: everything escaped, matched words wrapped in <mark>. */
function markSnippet(text: string, terms: string[]): string {
  const escaped = escapeHtml(text)
  if (terms.length === 0) return escaped
  const pattern = new RegExp(`(${terms.map((term) => escapeRegExp(escapeHtml(term))).join('|')})`, 'gi')
  return escaped.replace(pattern, '<mark>$1</mark>')
}

const tools = [
  { title: 'Resume Builder', url: '/resume', text: 'Build a resume from three templates with a live preview and a PDF export.' },
  { title: 'Cover Letter Builder', url: '/coverletter', text: 'Answer a few questions and get a cover letter written around you.' },
  { title: 'Salary Insights', url: '/salary', text: 'Pay ranges by job and place, from official wage statistics.' },
  { title: 'Cost of Living', url: '/living-cost', text: 'What a month costs in a city, and how two cities compare.' },
]

const places = [
  { title: 'London, United Kingdom', url: '/united-kingdom/london', text: 'Salaries, rent and living costs in London.' },
  { title: 'Paris, France', url: '/france/paris', text: 'Salaries, rent and living costs in Paris.' },
  { title: 'New York, NY', url: '/united-states/new-york-ny', text: 'Salaries, rent and living costs in New York.' },
]

/** In-memory library API over the fixtures, for SPA tests and `npm run dev:mock`. */
export function createLibraryHandlers() {
  const categories = mockCategories()
  const articles = mockArticles(categories)
  const ebooks = mockEbooks()

  const search = (title: string, limit: number): SearchResult[] => {
    const terms = title
      .toLowerCase()
      .split(/\s+/)
      .filter((term) => term.length > 1)
    const score = (fields: [string, number][]) =>
      terms.reduce((sum, term) => sum + fields.reduce((s, [text, weight]) => s + (text.toLowerCase().includes(term) ? weight : 0), 0), 0)
    const results: SearchResult[] = []
    for (const article of articles) {
      const points = score([
        [article.title, 3],
        [article.tags.join(' '), 2],
        [article.summary, 1],
      ])
      if (points > 0) {
        results.push({
          kind: 'article',
          title: article.title,
          url: `/articles/${article.slug}`,
          snippet: markSnippet(article.summary, terms),
          context: article.category.title,
          score: points,
        })
      }
    }
    for (const category of categories) {
      const points = score([
        [category.title, 3],
        [category.description, 1],
      ])
      if (points > 0) {
        results.push({
          kind: 'category',
          title: category.title,
          url: `/library?category=${category.slug}`,
          snippet: markSnippet(category.description, terms),
          context: null,
          score: points,
        })
      }
    }
    for (const tool of tools) {
      const points = score([
        [tool.title, 3],
        [tool.text, 1],
      ])
      if (points > 0)
        results.push({ kind: 'tool', title: tool.title, url: tool.url, snippet: markSnippet(tool.text, terms), context: null, score: points })
    }
    for (const place of places) {
      const points = score([[place.title, 3]])
      if (points > 0)
        results.push({ kind: 'location', title: place.title, url: place.url, snippet: markSnippet(place.text, terms), context: null, score: points })
    }
    return results.sort((a, b) => b.score - a.score).slice(0, limit)
  }

  return [
    http.get('*/api/library/categories', () => HttpResponse.json(categories)),

    http.get('*/api/library/articles', ({ request }) => {
      const url = new URL(request.url)
      const parsed = v.safeParse(articleListQuery, Object.fromEntries(url.searchParams))
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      const { category, sub_category, page, page_size } = parsed.output
      // As the server: an unknown category or topic is a 404, not an empty list.
      const main = category === undefined ? undefined : categories.find((c) => c.slug === category)
      if (category !== undefined && !main) return HttpResponse.json({ detail: 'Category not found.' }, { status: 404 })
      const topics = main ? main.sub_category : categories.flatMap((c) => c.sub_category)
      if (sub_category !== undefined && !topics.some((t) => t.slug === sub_category)) {
        return HttpResponse.json({ detail: 'Sub-category not found.' }, { status: 404 })
      }
      const matching = articles.filter(
        (article) => (!category || article.category.slug === category) && (!sub_category || article.sub_category?.slug === sub_category),
      )
      const pages = Math.max(1, Math.ceil(matching.length / page_size))
      if (page > pages) return HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 })
      const link = (n: number) => {
        const next = new URL(url)
        next.searchParams.set('page', String(n))
        return next.href
      }
      return HttpResponse.json({
        count: matching.length,
        next: page < pages ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results: matching.slice((page - 1) * page_size, page * page_size).map(toCard),
      })
    }),

    http.get('*/api/articles/:slug', ({ params }) => {
      const article = articles.find((a) => a.slug === params.slug)
      return article ? HttpResponse.json(article) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 })
    }),

    http.get('*/api/library/covers/:name', ({ params }) => {
      const name = String(params.name).replace(/\.svg$/, '')
      const hue = [...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 360
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><rect width="640" height="360" fill="hsl(${hue} 60% 92%)"/><circle cx="520" cy="90" r="120" fill="hsl(${hue} 55% 80%)"/><rect x="48" y="230" width="300" height="22" rx="11" fill="hsl(${hue} 45% 40%)"/><rect x="48" y="270" width="200" height="16" rx="8" fill="hsl(${hue} 40% 60%)"/></svg>`
      return new HttpResponse(svg, { headers: { 'Content-Type': 'image/svg+xml' } })
    }),

    // Narration is not mocked: a pending article says 202 (and is "queued"), others have no file here.
    http.all('*/api/audio/:name', ({ params }) => {
      const slug = String(params.name).replace(/\.mp3$/, '')
      const article = articles.find((a) => a.slug === slug)
      if (article?.audio?.status === 'pending') {
        return HttpResponse.json({ detail: 'Audio is being prepared', retry_after: 10 }, { status: 202, headers: { 'Retry-After': '10' } })
      }
      return HttpResponse.json({ detail: 'Audio files are not part of the mock API.' }, { status: 404 })
    }),

    http.get('*/api/search', ({ request }) => {
      const parsed = v.safeParse(searchQuery, Object.fromEntries(new URL(request.url).searchParams))
      if (!parsed.success) return HttpResponse.json(fieldErrors(parsed.issues), { status: 400 })
      const results = search(parsed.output.title, parsed.output.page_size)
      return HttpResponse.json({ query: parsed.output.title, count: results.length, results })
    }),

    http.get('*/api/ebooks', () => HttpResponse.json(ebooks)),

    http.get('*/api/ebooks/:file', ({ params, request }) => {
      const match = /^([a-z0-9-]+)\.(epub|pdf)$/.exec(String(params.file))
      const ebook = match ? ebooks.find((e) => e.slug === match[1]) : undefined
      if (!match || !ebook) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 })
      // Mock access tokens look like `access.<user>.<n>` (see auth-handlers.ts).
      if (!(request.headers.get('Authorization') ?? '').startsWith('Bearer access.')) {
        return HttpResponse.json({ detail: 'Authentication credentials were not provided.' }, { status: 401 })
      }
      // Stand-in bytes with the real files' signatures; the server builds the actual books.
      const body = match[2] === 'pdf' ? `%PDF-1.7\n% ${ebook.title}\n` : `PK\u0003\u0004mimetypeapplication/epub+zip`
      return new HttpResponse(body, {
        headers: {
          'Content-Type': match[2] === 'pdf' ? 'application/pdf' : 'application/epub+zip',
          'Content-Disposition': `attachment; filename="${params.file}"`,
        },
      })
    }),
  ]
}
