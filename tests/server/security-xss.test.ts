// @vitest-environment jsdom
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { beforeAll, expect, test } from 'vitest'
import type { ArticleDetail } from '~contract/library.ts'
import { seed } from '../../server/content/seed.ts'
import { createContentServices } from '../../server/services/content.ts'
import { describeDbs } from './support/db.ts'
import { contentCopy } from './support/library.ts'

const payloadArticle = `---
title: "Payloads <img src=x onerror=alert(1)>"
slug: xss-probe
category: job-hunting
sub_category: finding-openings
summary: "<script>alert(1)</script> summary"
author: Probe
published_at: 2025-01-01
tags: [security]
---

## Heading <script>alert(1)</script> "><img src=x onerror=alert(1)>

Raw markup: <img src=x onerror=alert(1)> <svg onload=alert(1)></svg> <iframe src="javascript:alert(1)"></iframe>

<script>window.pwned = 1</script>

<a href="javascript:alert(1)">raw link</a> <p onclick="alert(1)">raw paragraph</p>

[plain](javascript:alert(1)) [upper](JAVASCRIPT:alert(1)) [entity](&#106;avascript:alert(1))
[escaped](java&#x09;script:alert(1)) [angle](<javascript:alert(1)>) [vb](vbscript:msgbox(1))
[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [quote](https://ok.example/" onmouseover="alert(1))
[ref][bad]

![image](javascript:alert(1)) ![alt" onerror="alert(1)](/x.png "t\\" onerror=\\"alert(1)")

<javascript:alert(1)>

Inline \`<script>alert(1)</script>\` code.

\`\`\`html
<script>alert(1)</script>
\`\`\`

[bad]: javascript:alert(1)
`

/** Whether an attribute value, as a browser resolves it on our page, runs or loads anything but the web. */
const safeUrl = (value: string) => ['http:', 'https:', 'mailto:'].includes(new URL(value, 'https://waypoint.test/articles/x').protocol)

describeDbs('XSS: article Markdown renders inert HTML', (suite) => {
  let app: Hono
  beforeAll(async () => {
    const contentDir = contentCopy()
    writeFileSync(join(contentDir, 'articles/job-hunting/xss-probe.md'), payloadArticle)
    suite.config = { ...suite.config, contentDir }
    await seed(suite.db, { contentDir, log: suite.log })
    app = suite.app({ content: createContentServices({ db: suite.db, config: suite.config, log: suite.log }) })
  })

  test('scripts, event handlers and javascript:/data:/vbscript: links in an article come out as text', async () => {
    const response = await app.request('/api/articles/xss-probe', { headers: { Accept: 'application/json' } })
    expect(response.status).toBe(200)
    const article = (await response.json()) as ArticleDetail
    // Parsed as a browser would (jsdom runs no scripts, so parsing is safe).
    const document = new DOMParser().parseFromString(`<!doctype html><body>${article.html}</body>`, 'text/html')

    // Links and images that Markdown does make are checked below; there are some.
    expect(document.querySelectorAll('a[href], img[src]').length).toBeGreaterThan(0)
    expect(document.querySelectorAll('script, iframe, svg, object, embed, style, form, base, meta, link')).toHaveLength(0)
    for (const element of document.body.querySelectorAll('*')) {
      const handlers = element.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on'))
      expect(handlers, element.outerHTML).toEqual([])
      for (const name of ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset']) {
        const value = element.getAttribute(name)
        if (value !== null) expect(safeUrl(value), element.outerHTML).toBe(true)
      }
    }
    // The payloads are still there, shown as text.
    const text = document.body.textContent ?? ''
    expect(text).toContain('<img src=x onerror=alert(1)>')
    expect(text).toContain('<script>window.pwned = 1</script>')
    expect(text).toContain('[plain](javascript:alert(1))')
    // A heading's id is a plain slug, whatever its text.
    for (const heading of document.querySelectorAll('[id]')) expect(heading.id).toMatch(/^[\p{L}\p{N}-]+$/u)
    // Title and summary are JSON text: the SPA renders them as text.
    expect(article.title).toBe('Payloads <img src=x onerror=alert(1)>')
    expect(article.toc.every((entry) => /^[\p{L}\p{N}-]+$/u.test(entry.id))).toBe(true)
  })
})
