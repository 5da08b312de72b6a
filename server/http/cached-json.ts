import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { Context } from 'hono'

/** A JSON answer serialised, compressed and tagged once, for read-mostly content. */
export type CachedJson = { json: string; gzip: Buffer | null; etag: string }

export function cachedJson(value: unknown): CachedJson {
  const json = JSON.stringify(value)
  return {
    json,
    // Below 1 KB compression does not pay (the compress middleware's threshold too).
    gzip: json.length >= 1024 ? gzipSync(json, { level: 6 }) : null,
    etag: `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`,
  }
}

/** Keeps up to `size` answers; the oldest goes first. Keys name everything the answer depends on. */
export function jsonCache(size: number) {
  const entries = new Map<string, CachedJson>()
  return {
    peek: (key: string) => entries.get(key),
    get(key: string, build: () => unknown): CachedJson {
      let hit = entries.get(key)
      if (!hit) {
        hit = cachedJson(build())
        if (entries.size >= size) entries.delete(entries.keys().next().value!)
        entries.set(key, hit)
      }
      return hit
    },
  }
}

const acceptsGzip = (header: string | undefined) => /(^|,)\s*gzip\s*(,|;(?!\s*q=0(\.0+)?\s*(,|$))|$)/i.test(header ?? '')

/** Sends a cached answer: 304 for a matching If-None-Match, gzip when the client takes it. */
export function sendCachedJson(c: Context, body: CachedJson, cacheControl: string) {
  c.header('Cache-Control', cacheControl)
  c.header('ETag', body.etag)
  c.header('Vary', 'Accept-Encoding')
  const wanted = c.req.header('If-None-Match')
  if (wanted && wanted.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === body.etag.slice(2))) return c.body(null, 304)
  c.header('Content-Type', 'application/json')
  if (body.gzip && acceptsGzip(c.req.header('Accept-Encoding'))) {
    c.header('Content-Encoding', 'gzip')
    return c.body(body.gzip as Uint8Array<ArrayBuffer>)
  }
  return c.body(body.json)
}
