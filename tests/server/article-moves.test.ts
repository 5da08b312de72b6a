// An article whose slug changed keeps its old address: the file lists its earlier slugs under
// `formerly`, and those pages answer 301 to the article's address now.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { seed } from '../../server/content/seed.ts'
import { createContentServices } from '../../server/services/content.ts'
import { describeDbs, memoryLog, tempDir } from './support/db.ts'
import { contentCopy } from './support/library.ts'

describeDbs('articles that moved', (suite) => {
  const log = memoryLog()
  let app: ReturnType<typeof suite.app>

  beforeAll(async () => {
    const contentDir = contentCopy()
    const folder = join(contentDir, 'articles/job-hunting')
    const old = readFileSync(join(folder, 'salary-negotiation-first-offer.md'), 'utf8')
    rmSync(join(folder, 'salary-negotiation-first-offer.md'))
    writeFileSync(
      join(folder, 'negotiating-your-first-salary.md'),
      old.replace(
        'slug: salary-negotiation-first-offer',
        'slug: negotiating-your-first-salary\nformerly: [salary-negotiation-first-offer, first-offer-tips]',
      ),
    )
    // An earlier slug that another article has now stays that article's.
    const followUps = join(folder, 'quick-word-on-follow-ups.md')
    writeFileSync(
      followUps,
      readFileSync(followUps, 'utf8').replace(
        'slug: quick-word-on-follow-ups',
        'slug: quick-word-on-follow-ups\nformerly: [where-to-find-job-openings]',
      ),
    )
    await seed(suite.db, { contentDir, log })

    const staticDir = tempDir('client')
    mkdirSync(join(staticDir, 'assets'))
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><title>Waypoint</title></head><body><div id="root"></div></body></html>')
    suite.config = { ...suite.config, contentDir, staticDir }
    app = suite.app({ content: createContentServices({ db: suite.db, config: suite.config, log }) })
  })

  test('an earlier slug answers 301 to the article’s address now, the query kept', async () => {
    for (const [from, to] of [
      ['/articles/salary-negotiation-first-offer', '/articles/negotiating-your-first-salary'],
      ['/articles/first-offer-tips?utm_source=newsletter', '/articles/negotiating-your-first-salary?utm_source=newsletter'],
    ]) {
      const response = await app.request(from!, { headers: { Accept: '*/*' } })
      expect(response.status, from).toBe(301)
      expect(response.headers.get('Location'), from).toBe(to)
    }
  })

  test('an article’s own address, and a slug another article has now, do not move', async () => {
    for (const path of ['/articles/negotiating-your-first-salary', '/articles/where-to-find-job-openings']) {
      const response = await app.request(path, { headers: { Accept: '*/*' } })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('Content-Type'), path).toBe('text/html; charset=utf-8')
    }
    expect(log.lines.join('\n')).toContain(
      'quick-word-on-follow-ups.md lists "where-to-find-job-openings" as a former slug, but another article has it now',
    )
  })
})
