import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { pageViews } from '../../server/db/schema.ts'
import { describeDbs, tempDir } from './support/db.ts'
import { postJson } from './support/http.ts'

describeDbs('POST /api/events', (suite) => {
  test('stores a page view as path, previous path and day, and nothing else', async () => {
    const response = await postJson(suite.app(), '/api/events', { path: '/salary', referrer: '/library' }, { 'X-Forwarded-For': '203.0.113.9' })

    expect(response.status).toBe(202)
    expect(await suite.db.select().from(pageViews)).toEqual([
      { id: expect.any(Number), path: '/salary', referrerPath: '/library', day: suite.clock.now().toISOString().slice(0, 10) },
    ])
  })

  test.each([
    [{ path: 'https://elsewhere.example/x' }],
    [{ path: '/search?title=secret' }],
    [{ path: '/ok', referrer: 'https://elsewhere.example/' }],
    [{}],
  ])('refuses %j with a 400', async (body) => {
    const response = await postJson(suite.app(), '/api/events', body)
    expect(response.status).toBe(400)
  })
})

describeDbs('tag manager (ANALYTICS_TAG_ID)', (suite) => {
  function staticSite() {
    const dir = tempDir('tag-site')
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Waypoint</title></head><body></body></html>')
    mkdirSync(join(dir, 'prerendered'))
    writeFileSync(join(dir, 'prerendered', 'salary.html'), '<!doctype html><html><head><title>Salary</title></head><body></body></html>')
    return dir
  }

  test('without it, pages name no third party and the CSP allows only this site', async () => {
    const app = suite.app({ config: { ...suite.config, staticDir: staticSite() } })
    const response = await app.request('/library', { headers: { Accept: 'text/html' } })
    expect(await response.text()).not.toContain('waypoint-analytics-tag')
    expect(response.headers.get('Content-Security-Policy')).not.toContain('googletagmanager')
  })

  test('with it, every page names the container and the CSP allows exactly the tag hosts', async () => {
    const app = suite.app({ config: { ...suite.config, staticDir: staticSite(), analyticsTagId: 'GTM-ABC1234' } })
    for (const path of ['/', '/library', '/salary']) {
      const response = await app.request(path, { headers: { Accept: 'text/html' } })
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).toContain('<meta name="waypoint-analytics-tag" content="GTM-ABC1234" />')
      expect(html).toContain(path === '/salary' ? '<title>Salary</title>' : '<title>Waypoint</title>')
      const csp = response.headers.get('Content-Security-Policy') ?? ''
      expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;")
      expect(csp).not.toContain("'unsafe-eval'")
    }
  })
})
