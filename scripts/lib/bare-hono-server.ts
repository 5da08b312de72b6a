// `npx tsx scripts/lib/bare-hono-server.ts PORT`: one JSON route on Hono + @hono/node-server,
// nothing else; the bench's ceiling for what a Node HTTP server answers on this machine.
// Prints "listening" on stdout once it accepts connections.

import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const port = Number(process.argv[2] ?? 0)
const app = new Hono()
app.get('*', (c) => c.json({ ok: true, path: c.req.path }))

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.stdout.write('listening\n'))
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0))
