import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { createApp } from '../../server/app.ts'
import { outboxMailer } from '../../server/services/mail/mail.ts'
import { fakeClock, memoryLog, tempDir, testConfig } from './support/db.ts'
import { getJson, postJson, unreachableDb } from './support/http.ts'

const csp =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; connect-src 'self' ws: wss:; media-src 'self' blob:; worker-src 'self' blob:; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/main-abc123.js"></script></head><body><div id="root"></div></body></html>'
const script = `console.log(${JSON.stringify('waypoint '.repeat(400))})`

/** The app without a working database: none of these paths may need one. */
function shellApp(staticDir?: string) {
  const log = memoryLog()
  const clock = fakeClock()
  const db = unreachableDb()
  const config = testConfig(staticDir ? { staticDir } : {})
  return { log, app: createApp({ db, clock, config, log, mailer: outboxMailer(db, clock, log) }) }
}

function builtSpa() {
  const dir = tempDir('spa')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), indexHtml)
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), script)
  writeFileSync(join(dir, 'assets', 'main-abc123.css'), 'body{margin:0}')
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dir
}

const page = (accept = 'text/html,application/xhtml+xml,*/*;q=0.8') => ({ headers: { Accept: accept } })

describe('API errors', () => {
  test('an unknown API path answers 404 JSON', async () => {
    for (const path of ['/api', '/api/nothing-here', '/api/users/contact-us/subscribe/extra']) {
      const response = await getJson(shellApp().app, path)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual({ detail: 'Not found.' })
    }
  })

  test('an unknown API path is not answered with the SPA page', async () => {
    const response = await shellApp(builtSpa()).app.request('/api/nothing-here', page())

    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
  })

  test('a failure inside answers 500 with a calm detail and is logged', async () => {
    const { app, log } = shellApp()

    const response = await postJson(app, '/api/users/contact-us/subscribe', { email: 'ann@example.com' })

    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ detail: 'Something went wrong on our side. Please try again in a moment.' })
    expect(log.lines).toContain('error: POST /api/users/contact-us/subscribe failed (connection refused)')
  })
})

describe('security headers', () => {
  test.each([
    ['an API answer', '/api/health', {}],
    ['a 404', '/api/nothing-here', {}],
    ['a page', '/library', page()],
    ['an asset', '/assets/main-abc123.js', {}],
  ])('are on %s', async (_, path, init) => {
    const response = await shellApp(builtSpa()).app.request(path, init)

    expect(response.headers.get('Content-Security-Policy')).toBe(csp)
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('X-Frame-Options')).toBe('DENY')
    expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin')
    expect(response.headers.get('Permissions-Policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()')
  })
})

describe('the single-page app', () => {
  test('/ serves index.html, revalidated on every visit', async () => {
    const response = await shellApp(builtSpa()).app.request('/', page())

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    expect(await response.text()).toBe(indexHtml)
  })

  test.each(['/library', '/articles/how-to-write-a-cover-letter', '/reset-password?token=abc'])(
    'a page path such as %s gets index.html with status 200',
    async (path) => {
      const response = await shellApp(builtSpa()).app.request(path, page())

      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('no-cache')
      expect(await response.text()).toBe(indexHtml)
    },
  )

  test('a page with a prerendered first view gets it; other pages get index.html', async () => {
    const dir = builtSpa()
    mkdirSync(join(dir, 'prerendered'))
    const home = indexHtml.replace('<div id="root"></div>', '<div id="root" inert="" data-prerendered=""><h1>Find your next step</h1></div>')
    const salary = indexHtml.replace('<div id="root"></div>', '<div id="root" inert="" data-prerendered=""><h1>Salary Insights</h1></div>')
    writeFileSync(join(dir, 'prerendered', 'index.html'), home)
    writeFileSync(join(dir, 'prerendered', 'salary.html'), salary)
    const app = shellApp(dir).app

    for (const [path, body] of [
      ['/', home],
      ['/salary', salary],
      ['/salary?occupation=nurse', salary],
      ['/library', indexHtml],
    ] as const) {
      const response = await app.request(path, page())
      expect(response.status, path).toBe(200)
      expect(response.headers.get('Content-Type'), path).toBe('text/html; charset=utf-8')
      expect(response.headers.get('Cache-Control'), path).toBe('no-cache')
      expect(await response.text(), path).toBe(body)
    }
    const moved = await app.request('/salary/', page())
    expect(moved.status).toBe(301)
    expect(moved.headers.get('Location')).toBe('/salary')
    const head = await app.request('/salary', { method: 'HEAD', ...page() })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  test('pages without a prerendered view are rendered from the API in-process; a page that fails goes out as the app shell', async () => {
    const root = tempDir('rendered')
    const dir = join(root, 'client')
    mkdirSync(join(dir, 'assets'), { recursive: true })
    writeFileSync(join(dir, 'index.html'), indexHtml)
    mkdirSync(join(root, 'prerender'))
    // A stand-in for the app's Node bundle (src/app/prerender.tsx) that reads the API the way the app does.
    writeFileSync(
      join(root, 'prerender', 'prerender.js'),
      `import { readFileSync } from 'node:fs'
      export async function render(path, { apiBase, fetch }) {
        if (path.startsWith('/articles/broken')) throw new Error('the API is down')
        const health = await fetch(apiBase + '/health')
        return { status: 200, markup: '<main><h1>' + path + '</h1><p>health ' + health.status + '</p></main>', head: {} }
      }
      export const composePage = (shell, markup) => shell.replace('<div id="root"></div>', '<div id="root" inert="">' + markup + '</div>')
      export const hasContent = (markup) => markup.includes('<h1>')
      export const readBuild = (dir) => ({ shell: readFileSync(dir + '/index.html', 'utf8'), stylesheets: [] })`,
    )
    const app = shellApp(dir).app

    const library = await app.request('/library?category=interview-tips&utm=x', page())
    expect(library.status).toBe(200)
    expect(library.headers.get('Cache-Control')).toBe('no-cache')
    expect(await library.text()).toContain('<div id="root" inert=""><main><h1>/library?category=interview-tips</h1><p>health 503</p></main></div>')
    expect(await (await app.request('/articles/how-to-write-a-cover-letter', page())).text()).toContain(
      '<h1>/articles/how-to-write-a-cover-letter</h1>',
    )
    expect(await (await app.request('/articles/broken-one', page())).text()).toBe(indexHtml)
    expect(await (await app.request('/posts?page=2&utm=x', page())).text()).toContain('<h1>/posts?page=2</h1>')
  })

  test('HEAD on a page path answers like GET without a body', async () => {
    const response = await shellApp(builtSpa()).app.request('/salary', { method: 'HEAD', ...page() })

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toBe('')
  })

  test('hashed assets are served with their type and cached for a year', async () => {
    const app = shellApp(builtSpa()).app

    const js = await app.request('/assets/main-abc123.js')
    const css = await app.request('/assets/main-abc123.css')

    expect(js.status).toBe(200)
    expect(js.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(await js.text()).toBe(script)
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8')
    expect(css.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })

  test('other public files are served but revalidated', async () => {
    const response = await shellApp(builtSpa()).app.request('/favicon.svg')

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/)
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
  })

  test('text is gzipped for clients that accept it', async () => {
    const response = await shellApp(builtSpa()).app.request('/assets/main-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    })

    expect(response.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script)
  })

  test('text is then served from a brotli copy (gzip for clients without br), with an ETag that revalidates', async () => {
    const app = shellApp(builtSpa()).app
    const get = (encoding: string, headers: Record<string, string> = {}) =>
      app.request('/assets/main-abc123.js', { headers: { 'Accept-Encoding': encoding, ...headers } })

    // The first answer is compressed on the fly; the copies are made meanwhile.
    let response = await get('gzip, deflate, br')
    for (let i = 0; i < 100 && response.headers.get('Content-Encoding') !== 'br'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      response = await get('gzip, deflate, br')
    }

    expect(response.headers.get('Content-Encoding')).toBe('br')
    expect(response.headers.get('Vary')).toBe('Accept-Encoding')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script)
    const etag = response.headers.get('ETag')
    expect(etag).toMatch(/^W\/"/)

    const gzipped = await get('gzip;q=1, br;q=0')
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(script)

    const plain = await get('identity')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe(script)

    const again = await get('br', { 'If-None-Match': etag! })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  test('a missing asset answers 404, even for a browser', async () => {
    const app = shellApp(builtSpa()).app

    expect((await app.request('/assets/main-old999.js')).status).toBe(404)
    expect((await app.request('/assets/main-old999.js', page())).status).toBe(404)
  })

  test('a page path gets the page even from a client that asks for JSON (a crawler, curl)', async () => {
    const response = await shellApp(builtSpa()).app.request('/library', page('application/json'))

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toBe(indexHtml)
  })

  test('folder traversal does not leave the build folder', async () => {
    const response = await shellApp(builtSpa()).app.request('/assets/..%2f..%2fpackage.json')

    expect(response.status).toBe(404)
  })

  test('without a build, pages answer 503 saying how to build', async () => {
    const response = await shellApp(join(tempDir('no-build'), 'client')).app.request('/library', page())

    expect(response.status).toBe(503)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/)
    expect(await response.text()).toContain('Run `npm run build`')
  })
})
