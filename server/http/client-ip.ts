import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/**
 * The client's address: the socket's, or with TRUST_PROXY=n the n-th address from the right
 * of X-Forwarded-For (the one our own proxy appended; addresses left of it are the client's word).
 * IPv6 clients are counted per /64, the block one subscriber usually holds.
 */
export function clientIp(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const forwarded = hops[Math.max(0, hops.length - trustProxy)]
    if (forwarded) return normaliseIp(forwarded)
  }
  try {
    return normaliseIp(getConnInfo(c).remote.address ?? 'unknown')
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}

function normaliseIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
