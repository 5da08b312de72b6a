// A guest's chat connection for the benches: opens /api/ai/chatbot, signs in as a new guest and
// asks one question at a time, timing the first answer.delta and the answer.done.
import type { ClientFrame, ServerFrame } from '../../contract/chat.ts'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A guest token as the browser makes one: 16 letters and digits. */
export const guestToken = () => Array.from({ length: 16 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('')

/** The chat socket's URL on a server's base URL. */
export const chatUrl = (baseUrl: string) => `${baseUrl.replace(/^http/, 'ws')}/api/ai/chatbot`

/** A frame the server sent (the contract's shape; the benches do not validate it). */
export const serverFrame = (data: unknown): ServerFrame => JSON.parse(String(data)) as ServerFrame
export const clientFrame = (frame: ClientFrame) => JSON.stringify(frame)

export type GuestAnswer = { html: string; firstMs: number; doneMs: number }
export type GuestChat = { provider: string; ask(text: string): Promise<GuestAnswer>; close(): void }

/** Resolves to { provider, ask(text), close() } once the server said hello. */
export async function openGuestChat(baseUrl: string, { label = 'chat', timeoutMs = 10_000 } = {}): Promise<GuestChat> {
  const { default: WebSocket } = await import('ws')
  const socket = new WebSocket(chatUrl(baseUrl))
  const frames: ServerFrame[] = []
  let wake = () => {}
  socket.on('message', (data) => {
    frames.push(serverFrame(data))
    wake()
  })
  const next = async (): Promise<ServerFrame> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const frame = frames.shift()
      if (frame) return frame
      if (Date.now() > deadline || socket.readyState > 1) throw new Error(`${label}: no answer within ${timeoutMs / 1000} s`)
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, 100)
      })
    }
  }
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  try {
    socket.send(clientFrame({ type: 'auth', guest: guestToken() }))
    const hello = await next()
    if (hello.type !== 'hello') throw new Error(`${label}: expected hello, got ${JSON.stringify(hello)}`)
    return {
      provider: hello.provider,
      /** The whole answer's HTML, ms to its first text and ms to its end. */
      async ask(text) {
        const started = performance.now()
        socket.send(clientFrame({ type: 'question', text }))
        let first = Number.NaN
        let html = ''
        for (;;) {
          const frame = await next()
          if (frame.type === 'answer.delta') {
            if (Number.isNaN(first)) first = performance.now() - started
            html += frame.text
          } else if (frame.type === 'answer.done') break
          else if (frame.type === 'error') throw new Error(`${label}: ${frame.detail}`)
        }
        return { html, firstMs: first, doneMs: performance.now() - started }
      },
      close: () => socket.close(),
    }
  } catch (error) {
    socket.close()
    throw error
  }
}
