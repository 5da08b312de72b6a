import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SearchResponse } from '~contract/library.ts'
import { markedSnippet } from '../../server/services/library/search.ts'
import { DbSuite, describeDbs, queryRows } from './support/db.ts'
import { getJson } from './support/http.ts'
import { useLibrary } from './support/library.ts'

describeDbs('GET /api/search', (suite) => {
  const library = useLibrary(suite)
  const search = async (title: string) => {
    const response = await getJson(library.app(), `/api/search?title=${encodeURIComponent(title)}`)
    expect(response.status).toBe(200)
    return (await response.json()) as SearchResponse
  }
  const articles = (body: SearchResponse) => body.results.filter((r) => r.kind === 'article')

  test('finds interview articles despite a typo, with marked snippets', async () => {
    const body = await search('intervew tips')

    expect(body.query).toBe('intervew tips')
    const found = articles(body)
    expect(found[0]).toEqual({
      kind: 'article',
      title: 'Ten Interview Tips That Actually Work',
      url: '/articles/ten-interview-tips',
      snippet: expect.stringContaining('<mark>interview</mark>'),
      context: 'Interview Tips',
      score: expect.any(Number),
    })
    expect(found.map((r) => r.url)).toContain('/articles/answering-weakness-question')
    expect(body.results).toContainEqual(
      expect.objectContaining({ kind: 'category', title: 'Interview Tips', url: '/library?category=interview-tips' }),
    )
  })

  test('a word of a title ranks its article first, over bodies that repeat it', async () => {
    const found = articles(await search('negotiation'))
    expect(found.map((r) => r.url)).toEqual(['/articles/salary-negotiation-first-offer', '/articles/where-to-find-job-openings'])
    expect(found[0]!.score).toBeGreaterThan(found[1]!.score)
  })

  test('word forms match (statements, writing) and tags count', async () => {
    expect(articles(await search('statements')).map((r) => r.url)).toEqual(['/articles/writing-a-personal-statement'])
    expect(articles(await search('essay')).map((r) => r.url)).toEqual(['/articles/writing-a-personal-statement'])
    expect(articles(await search('personal statment')).map((r) => r.url)[0]).toBe('/articles/writing-a-personal-statement')
  })

  test('tools are found by their names and keywords', async () => {
    const body = await search('salary')
    expect(body.results).toContainEqual({
      kind: 'tool',
      title: 'Salary Insights',
      url: '/salary',
      snippet: expect.any(String),
      context: 'Tool',
      score: 1,
    })
    expect((await search('cv')).results.map((r) => r.title)).toContain('Resume Builder')
    expect((await search('cost of living')).results.map((r) => r.url)).toContain('/living-cost')
  })

  test('SQL in the query is only text, and the tables are still there', async () => {
    const body = await search("'; drop table articles; --")
    expect(body.query).toBe("'; drop table articles; --")
    const [row] = await queryRows<{ n: number }>(suite.db, sql`select count(*)::int as n from articles`)
    expect(row!.n).toBe(6)
  })

  test('HTML in the query or in an article never comes back as markup', async () => {
    for (const query of ['<script>alert(1)</script>', 'inject markup script', '"><img src=x onerror=alert(1)>']) {
      const body = await search(query)
      for (const result of body.results) {
        expect(result.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/)
      }
    }
    // The article's text holds a <script> tag: the parser drops tags, and anything left is escaped.
    const injected = articles(await search('inject markup'))[0]!.snippet
    expect(injected).toContain('<mark>inject</mark> <mark>markup</mark>')
    expect(injected).toContain('alert(1)')
    expect(injected).not.toContain('<script')
  })

  test('punctuation alone finds nothing and is fine', async () => {
    expect(await search('%_\\')).toEqual({ query: '%_\\', count: 0, results: [] })
  })

  test.each([[''], ['   '], [null]])('answers 400 for the title %j', async (title) => {
    const response = await getJson(library.app(), title === null ? '/api/search' : `/api/search?title=${encodeURIComponent(title)}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ title: ['Type something to search for'] })
  })

  test('a query that matches nothing answers an empty list', async () => {
    expect(await search('xylophone zeppelin')).toEqual({ query: 'xylophone zeppelin', count: 0, results: [] })
  })
})

test('snippets escape everything except our own marks', () => {
  expect(markedSnippet('a <b> \uE000c&d\uE001 "e"')).toBe('a &lt;b&gt; <mark>c&amp;d</mark> &quot;e&quot;')
  expect(markedSnippet('\uE001x\uE000y')).toBe('x<mark>y</mark>')
})

// Registered only with a PostgreSQL to compare against, like the PostgreSQL runs of describeDbs.
if (process.env.TEST_DATABASE_URL)
  describe('search on both databases', () => {
    const lite = new DbSuite('pglite')
    const postgres = new DbSuite('postgres')
    // Opened before useLibrary's hooks run (hooks run in the order they are registered).
    beforeAll(async () => {
      await Promise.all([lite.open(), postgres.open()])
    })
    afterAll(async () => {
      await Promise.all([lite.close(), postgres.close()])
    })
    const onLite = useLibrary(lite)
    const onPostgres = useLibrary(postgres)

    test('PGlite and PostgreSQL answer exactly the same', async () => {
      for (const query of [
        'intervew tips',
        'negotiation',
        'personal statment',
        'salary offer',
        '"job openings"',
        'interview -weakness',
        'university',
      ]) {
        const path = `/api/search?title=${encodeURIComponent(query)}`
        const [a, b] = await Promise.all([onLite.app().request(path), onPostgres.app().request(path)])
        expect(await a.json()).toEqual(await b.json())
      }
    })
  })
