import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ChatRequest = {
  model: string
  stream: boolean
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[]
  tools?: { function: { name: string } }[]
}
export type Responder = (request: ChatRequest, res: ServerResponse, n: number) => void

/** A small OpenAI-compatible chat-completions server: each test says how it answers. */
export async function startFakeProvider() {
  const requests: { body: ChatRequest; headers: IncomingMessage['headers']; path: string }[] = []
  let respond: Responder = (_request, res) => res.end()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as ChatRequest
      requests.push({ body, headers: req.headers, path: req.url ?? '' })
      respond(body, res, requests.length)
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith(next: Responder) {
      respond = next
      requests.length = 0
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

export function stream(res: ServerResponse, chunks: object[], { done = true, split = false } = {}) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' })
  for (const chunk of chunks) {
    const event = `data: ${JSON.stringify(chunk)}\n\n`
    // Split mid-event: the parser must join the pieces.
    if (split) {
      res.write(event.slice(0, 7))
      res.write(event.slice(7))
    } else res.write(event)
  }
  if (done) res.end('data: [DONE]\n\n')
}
export const text = (content: string) => ({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })
export const toolCall = (index: number, part: { id?: string; name?: string; arguments: string }) => ({
  choices: [
    {
      index: 0,
      delta: {
        tool_calls: [
          {
            index,
            ...(part.id ? { id: part.id, type: 'function' } : {}),
            function: { ...(part.name ? { name: part.name } : {}), arguments: part.arguments },
          },
        ],
      },
      finish_reason: null,
    },
  ],
})
export const finish = (reason: string) => ({ choices: [{ index: 0, delta: {}, finish_reason: reason }] })
