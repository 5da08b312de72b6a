import type { Context } from 'hono'
import type { Config } from '../config.ts'

const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/**
 * The site's origin for links we send out (password reset mail). PUBLIC_URL when set.
 * Without it, the request's own origin only on a loopback or configured host name: a forged
 * Host header must not put another site into a reset link.
 */
export function siteOrigin(c: Context, config: Config): string {
  if (config.publicUrl) return config.publicUrl
  const url = new URL(c.req.url)
  if (loopback.test(url.hostname) || url.hostname === config.host) return url.origin
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  return `http://${host}:${config.port}`
}

/** Origins a browser may be on when it talks to us: PUBLIC_URL and the request's own. */
export const requestOrigins = (c: Context, config: Config) => new Set([new URL(c.req.url).origin, ...(config.publicUrl ? [config.publicUrl] : [])])
