import { expect, test } from 'vitest'
import type { ArticleCard, ArticleDetail, LibraryCategory, Paginated } from '~contract/library.ts'
import { describeDbs } from './support/db.ts'
import { getJson } from './support/http.ts'
import { useLibrary } from './support/library.ts'

describeDbs('library read API', (suite) => {
  const library = useLibrary(suite)
  const get = (path: string) => getJson(library.app(), path)

  test('GET /api/library/categories answers the CategoryLibrary shape with nested sub-categories', async () => {
    const response = await get('/api/library/categories')

    expect(response.status).toBe(200)
    const body = (await response.json()) as LibraryCategory[]
    expect(body.map((c) => c.slug)).toEqual(['interview-tips', 'job-hunting', 'university-admission', 'application-materials'])
    const interview = body[0]!
    expect(interview).toEqual({
      id: expect.any(Number),
      title: 'Interview Tips',
      description: 'Prepare for interviews and answer hard questions with calm.',
      slug: 'interview-tips',
      icon: 'message-circle',
      is_main: true,
      polymorphic_ctype: 12,
      parent: null,
      resourcetype: 'CategoryLibrary',
      sub_category: [
        expect.objectContaining({
          slug: 'before-the-interview',
          is_main: false,
          parent: interview.id,
          sub_category: [],
          resourcetype: 'CategoryLibrary',
        }),
        expect.objectContaining({ slug: 'answering-questions', is_main: false, parent: interview.id }),
      ],
    })
  })

  test('GET /api/library/articles pages cards newest first, with audio and cover', async () => {
    const response = await get('/api/library/articles?page_size=2')

    expect(response.status).toBe(200)
    const body = (await response.json()) as Paginated<ArticleCard>
    expect(body.count).toBe(6)
    expect(body.previous).toBeNull()
    expect(body.next).toBe('/api/library/articles?page=2&page_size=2')
    expect(body.results.map((a) => a.slug)).toEqual(['salary-negotiation-first-offer', 'ten-interview-tips'])
    expect(body.results[1]).toEqual({
      id: expect.any(Number),
      slug: 'ten-interview-tips',
      title: 'Ten Interview Tips That Actually Work',
      summary: 'Practical interview preparation, from researching the company to the questions you ask at the end.',
      category: { slug: 'interview-tips', title: 'Interview Tips' },
      sub_category: { slug: 'before-the-interview', title: 'Before the Interview' },
      tags: ['interview', 'preparation', 'questions'],
      author: 'Dana Okafor',
      published_at: '2025-02-10T00:00:00.000Z',
      reading_minutes: 1,
      cover: expect.stringMatching(/^\/api\/library\/covers\/ten-interview-tips\.svg\?v=[0-9a-f]{8}$/),
      audio: {
        id: 'ten-interview-tips',
        url: expect.stringMatching(/^\/api\/audio\/ten-interview-tips\.mp3\?v=[0-9a-f]{12}$/),
        peaks_url: expect.stringMatching(/^\/api\/audio\/ten-interview-tips\/peaks\.json\?v=[0-9a-f]{12}$/),
        duration: null,
        status: 'pending',
      },
    })

    const last = (await (await get('/api/library/articles?page=3&page_size=2')).json()) as Paginated<ArticleCard>
    expect(last.next).toBeNull()
    expect(last.previous).toBe('/api/library/articles?page=2&page_size=2')
  })

  test('filters by category and sub-category', async () => {
    const byCategory = (await (await get('/api/library/articles?category=job-hunting')).json()) as Paginated<ArticleCard>
    expect(byCategory.results.map((a) => a.slug)).toEqual([
      'salary-negotiation-first-offer',
      'where-to-find-job-openings',
      'quick-word-on-follow-ups',
    ])
    const bySub = (await (await get('/api/library/articles?category=job-hunting&sub_category=finding-openings')).json()) as Paginated<ArticleCard>
    expect(bySub.results.map((a) => a.slug)).toEqual(['where-to-find-job-openings'])
    const empty = (await (await get('/api/library/articles?category=application-materials')).json()) as Paginated<ArticleCard>
    expect(empty).toEqual({ count: 0, next: null, previous: null, results: [] })
  })

  test.each([
    ['/api/library/articles?category=astrology', 'Category not found.'],
    ['/api/library/articles?category=before-the-interview', 'Category not found.'],
    ['/api/library/articles?category=job-hunting&sub_category=before-the-interview', 'Sub-category not found.'],
    ['/api/library/articles?page=9', 'Invalid page.'],
  ])('GET %s answers 404', async (path, detail) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail })
  })

  test.each([['page=0'], ['page=abc'], ['page_size=101'], ['page_size=0']])('answers 400 for %s', async (query) => {
    const response = await get(`/api/library/articles?${query}`)
    expect(response.status).toBe(400)
    expect(Object.keys((await response.json()) as object)).toEqual([query.split('=')[0]])
  })

  test('GET /api/articles/{slug} answers the detail with html, toc, related and sources', async () => {
    const response = await get('/api/articles/ten-interview-tips')

    expect(response.status).toBe(200)
    expect(response.headers.get('ETag')).toBeTruthy()
    const body = (await response.json()) as ArticleDetail
    expect(body.html).toContain('<h2 id="research-the-company">')
    expect(body.toc[0]).toEqual({ id: 'research-the-company', title: 'Research the company', level: 2 })
    expect(body.sources).toEqual([{ title: 'Example careers survey', url: 'https://example.org/survey' }])
    expect(body.related.map((a) => a.slug)).toEqual(['answering-weakness-question'])
    expect(body.related[0]).not.toHaveProperty('html')
  })

  test('related articles are at most three, from the same category, the same sub-category first', async () => {
    const body = (await (await get('/api/articles/quick-word-on-follow-ups')).json()) as ArticleDetail
    expect(body.related.map((a) => a.slug)).toEqual(['salary-negotiation-first-offer', 'where-to-find-job-openings'])
  })

  test('an unknown article is a 404 with the detail', async () => {
    const response = await get('/api/articles/no-such-article')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: 'Article not found.' })
  })

  test('covers are SVG with the title, deterministic, cached with an ETag', async () => {
    const card = ((await (await get('/api/library/articles?category=interview-tips')).json()) as Paginated<ArticleCard>).results[0]!
    const first = await library.app().request(card.cover)
    const svg = await first.text()

    expect(first.status).toBe(200)
    expect(first.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('INTERVIEW TIPS')
    expect(svg).toContain('Ten Interview Tips That')
    expect(await (await library.app().request(card.cover)).text()).toBe(svg)

    const again = await library.app().request(card.cover, { headers: { 'If-None-Match': first.headers.get('ETag')! } })
    expect(again.status).toBe(304)
    expect((await library.app().request('/api/library/covers/nope.svg')).status).toBe(404)
  })
})
