import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { serve } from '@hono/node-server'
import WebSocket from 'ws'
import type { ServerFrame } from '~contract/chat.ts'
import { createChatSocketServer } from '../../server/routes/chat.ts'
import type { DbSuite, TestAppOptions } from './support/db.ts'

/** The app of a suite listening on 127.0.0.1:0 with the chat socket, as main.ts serves it. */
export async function listenWithChat(suite: DbSuite, overrides: TestAppOptions = {}) {
  const app = suite.app({ assistant: { chunkDelayMs: 0 }, ...overrides })
  const sockets = createChatSocketServer()
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: sockets } }) as Server
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    url: `ws://127.0.0.1:${port}/api/ai/chatbot`,
    async close() {
      for (const socket of sockets.clients) socket.terminate()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

export type Answer = {
  deltas: string[]
  text: string
  sources: { title: string; url: string }[] | null
  error: ServerFrame | null
  firstDeltaMs: number | null
}

/** A chat client speaking the protocol over a real websocket, with a queue of received frames. */
export class ChatClient {
  readonly frames: ServerFrame[] = []
  private waiters: (() => void)[] = []
  readonly closed: Promise<{ code: number; reason: string }>

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, binary) => {
      if (binary) throw new Error('The server sent a binary frame')
      this.frames.push(JSON.parse(data.toString()) as ServerFrame)
      for (const wake of this.waiters.splice(0)) wake()
    })
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
    socket.on('close', () => {
      for (const wake of this.waiters.splice(0)) wake()
    })
  }

  static async connect(url: string): Promise<ChatClient> {
    const socket = new WebSocket(url)
    await once(socket, 'open')
    return new ChatClient(socket)
  }

  /** A frame as JSON, or raw text / bytes as given. */
  send(frame: object | string | Buffer) {
    this.socket.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame))
  }

  /**
   * Frames written to the network in one go (one TCP write), as a client that sends them at
   * once: the server reads them together, before it has done anything with the first.
   */
  sendTogether(frames: object[]) {
    const tcp = (this.socket as unknown as { _socket: Socket })._socket
    tcp.cork()
    for (const frame of frames) this.send(frame)
    tcp.uncork()
  }

  /** The next received frame (in order), waiting up to `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<ServerFrame> {
    const deadline = Date.now() + timeoutMs
    while (this.frames.length === 0) {
      if (this.socket.readyState === WebSocket.CLOSED) throw new Error('The socket closed while a frame was awaited')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`No frame within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return this.frames.shift()!
  }

  /** Nothing more arrives within `ms`. */
  async expectSilence(ms = 150) {
    await new Promise((resolve) => setTimeout(resolve, ms))
    if (this.frames.length > 0) throw new Error(`Unexpected frames: ${JSON.stringify(this.frames)}`)
  }

  async authenticate(frame: { token: string } | { guest: string }): Promise<ServerFrame> {
    this.send({ type: 'auth', ...frame })
    return this.next()
  }

  /** Asks and collects the streamed answer up to answer.done or an error frame. */
  async ask(text: string, timeoutMs = 5000): Promise<Answer> {
    const started = performance.now()
    this.send({ type: 'question', text })
    return this.collect(started, timeoutMs)
  }

  async collect(started = performance.now(), timeoutMs = 5000): Promise<Answer> {
    const answer: Answer = { deltas: [], text: '', sources: null, error: null, firstDeltaMs: null }
    for (;;) {
      const frame = await this.next(timeoutMs)
      if (frame.type === 'answer.delta') {
        answer.firstDeltaMs ??= performance.now() - started
        answer.deltas.push(frame.text)
        answer.text += frame.text
      } else if (frame.type === 'answer.done') {
        answer.sources = frame.sources
        return answer
      } else if (frame.type === 'error') {
        answer.error = frame
        return answer
      } else throw new Error(`Unexpected frame while answering: ${JSON.stringify(frame)}`)
    }
  }

  close() {
    this.socket.close()
  }
}

export const guestToken = (seed: number) => `Guest${String(seed).padStart(11, '0')}`
