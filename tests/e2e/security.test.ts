// The served page's Content-Security-Policy, and that the browser enforces it: an inline
// script or handler injected into the DOM does not run. Search titles render as text.

import { describe, expect, test } from 'vitest'
import { expectClean, setupBrowser } from './support/browser.ts'
import { urlOf } from './support/context.ts'

const browser = setupBrowser()

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  )
}

describe('Content-Security-Policy', () => {
  test.each(['/', '/search?title=x', '/articles/no-such-article'])('%s is served with a script-src without inline script', async (path) => {
    const response = await fetch(urlOf(path))
    const policy = response.headers.get('Content-Security-Policy')
    expect(policy).toBeTruthy()
    const csp = directives(policy!)
    const scripts = csp.get('script-src') ?? csp.get('default-src')!
    expect(scripts).toContain("'self'")
    for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'blob:', 'http:', 'https:'])
      expect(scripts).not.toContain(loose)
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    // Every script the page runs is a file of our own origin; the only inline one is the page's
    // data, a JSON block the browser does not run.
    const html = await response.text()
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)(?![^>]* type="application\/json")[^>]*>/)
  })

  test('the browser refuses an injected inline script, inline handler and javascript: URL', async () => {
    const page = await browser.openPage('/')
    await page.getByRole('banner').waitFor()

    const blocked = await page.evaluate(async () => {
      const win = window as unknown as { __inline?: number }
      const seen: string[] = []
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective))
      const script = document.createElement('script')
      script.textContent = 'window.__inline = 1'
      document.body.append(script)
      const handler = document.createElement('img')
      handler.setAttribute('onerror', 'window.__inline = 2')
      handler.src = '/no-such-image.png'
      document.body.append(handler)
      const link = document.createElement('a')
      link.href = 'javascript:window.__inline = 3'
      document.body.append(link)
      link.click()
      // Violation events are queued as tasks: wait until all three have come, or give up.
      for (let i = 0; i < 50 && seen.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20))
      return { seen, inline: win.__inline }
    })

    expect(blocked.inline).toBeUndefined()
    expect(blocked.seen.length).toBeGreaterThanOrEqual(3)
    for (const directive of blocked.seen) expect(directive).toMatch(/^script-src/)
  })
})

describe('search titles', () => {
  test('a markup query is shown as text and runs nothing', async () => {
    const query = '<img src=x onerror="window.__search=1"><script>window.__search=2</script>'
    const page = await browser.openPage(`/search?title=${encodeURIComponent(query)}`)

    // Whatever the search finds, the heading names the query as typed.
    await page
      .getByRole('heading', { level: 2 })
      .filter({ hasText: `for “${query}”` })
      .waitFor()
    expect(await page.locator('main img, main script').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __search?: number }).__search)).toBeUndefined()
    expectClean(page)
  })
})
