import { Hono } from 'hono'
import type { Ebook } from '~contract/library.ts'
import type { AuthEnv } from '../http/auth.ts'
import { detailError } from '../http/errors.ts'
import { ebookFormats, type EbookFormat } from '../services/library/index.ts'
import type { RouteContext } from './context.ts'

const ebookNotFound = 'Ebook not found.'

/** GET /ebooks (public), /ebooks/{slug}/cover.svg (public), /ebooks/{slug}.epub and .pdf (signed-in users). */
export function ebookRoutes({ services, requireUser }: RouteContext) {
  const { ebooks } = services.content
  return new Hono<AuthEnv>()
    .get('/', async (c) => {
      c.header('Cache-Control', 'public, max-age=300')
      return c.json((await ebooks.list()) satisfies Ebook[])
    })
    .get('/:slug/cover.svg', async (c) => {
      const svg = await ebooks.cover(c.req.param('slug'))
      if (!svg) throw detailError(404, ebookNotFound)
      c.header('Content-Type', 'image/svg+xml; charset=utf-8')
      c.header('Cache-Control', 'public, max-age=86400')
      return c.body(svg)
    })
    .get('/:file', requireUser, async (c) => {
      const match = /^([a-z0-9-]+)\.([a-z]+)$/.exec(c.req.param('file'))
      const format = match?.[2] as EbookFormat | undefined
      if (!match || !format || !ebookFormats.includes(format)) throw detailError(404, ebookNotFound)
      const file = await ebooks.file(match[1]!, format)
      if (!file) throw detailError(404, ebookNotFound)
      // A personal download: not kept by shared caches.
      c.header('Cache-Control', 'private, no-cache')
      c.header('ETag', file.etag)
      if (c.req.header('If-None-Match') === file.etag) return c.body(null, 304)
      c.header('Content-Type', file.mediaType)
      c.header('Content-Disposition', `attachment; filename="${file.filename}"`)
      c.header('Content-Length', String(file.bytes.length))
      return c.body(file.bytes as Uint8Array<ArrayBuffer>)
    })
}
