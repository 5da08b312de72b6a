import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { seed } from '../../server/content/seed.ts'
import { createLibrary } from '../../server/services/library/library.ts'
import { locationData } from '../../server/services/places/location-data.ts'
import { locationSearch } from '../../server/services/places/places.ts'
import { createSearch, type Search } from '../../server/services/library/search.ts'
import { describeDbs, rootDir } from './support/db.ts'

// The site search over the real library (issue 22's acceptance): typos, nothing for unrelated
// words, and a place name that puts its place page first.
describeDbs('site search over the library and places', (suite) => {
  let search: Search
  beforeAll(async () => {
    await seed(suite.db, { contentDir: join(rootDir, 'server/content'), log: suite.log })
    search = createSearch(suite.db, createLibrary(suite.db), locationSearch(locationData(rootDir).places))
  })

  test('typos find the articles: "resmue" finds resume articles, "intervew questoins" interview ones', async () => {
    const resume = (await search.search('resmue', 10)).results.filter((r) => r.kind === 'article')
    expect(resume.length).toBeGreaterThan(0)
    expect(resume[0]!.title).toMatch(/resume/i)
    const interview = (await search.search('intervew questoins', 10)).results.filter((r) => r.kind === 'article')
    expect(interview[0]!.title).toMatch(/interview/i)
  })

  test('an unrelated word finds nothing rather than unrelated articles', async () => {
    for (const query of ['blockchain', 'cryptocurrency', 'zzxqv']) {
      const body = await search.search(query, 10)
      expect(body.results, query).toEqual([])
      expect(body.count).toBe(0)
    }
  })

  test('a place name ranks its place page first, ahead of articles that mention it', async () => {
    for (const [query, url] of [
      ['London', '/united-kingdom/london'],
      ['Austin', '/united-states/austin-tx'],
      ['France', '/countries/france'],
    ] as const) {
      const body = await search.search(query, 10)
      expect(body.results[0], query).toMatchObject({ kind: 'location', url })
    }
    // Words that merely start like a place are no place name: articles stay first.
    const first = (await search.search('interview', 10)).results[0]!
    expect(first.kind).toBe('article')
  })
})
