import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import {
  chatMachine,
  CLEAR_DELAY_MS,
  connectionLostDetail,
  type ChatEvent,
  type ChatMessage,
  type ChatSocketCommand,
  type ChatSocketEvent,
  type ChatSocketInput,
} from '@/features/chat/machines/chat.machine'
import { chatMessages } from '~contract/chat.ts'

type FakeSocket = {
  input: ChatSocketInput
  commands: ChatSocketCommand[]
  emit: (event: ChatSocketEvent) => void
  stopped: boolean
}

const RECONNECT_MS = 1000

/** The machine with a fake socket actor (one per connection) and a recording persist action. */
function startChat(history: ChatMessage[] = []) {
  const sockets: FakeSocket[] = []
  const stored: ChatMessage[][] = []
  const socket = fromCallback<ChatSocketCommand, ChatSocketInput>(({ sendBack, receive, input }) => {
    const fake: FakeSocket = { input, commands: [], emit: (event) => sendBack(event), stopped: false }
    sockets.push(fake)
    receive((command) => fake.commands.push(command))
    return () => {
      fake.stopped = true
    }
  })
  const actor = createActor(
    chatMachine.provide({
      actors: { socket },
      actions: { persist: ({ context }) => void stored.push(context.messages) },
      delays: { reconnectDelay: RECONNECT_MS },
    }),
    { input: { history } },
  ).start()
  const current = () => sockets[sockets.length - 1]!
  const messages = () => actor.getSnapshot().context.messages
  const lastStored = () => stored[stored.length - 1]
  return { actor, sockets, current, messages, stored, lastStored }
}

/** Open and greeted: ready for a question. */
function readyChat(history: ChatMessage[] = []) {
  const chat = startChat(history)
  chat.actor.send({ type: 'OPEN' })
  chat.current().emit({ type: 'socket.hello', provider: "Powered by Waypoint's library" })
  return chat
}

const q = (data: string, id = `q-${data}`): ChatMessage => ({ id, type: 'question', data })
const a = (data: string, id = `a-${data}`): ChatMessage => ({ id, type: 'answer', data })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('closed', () => {
  test('starts closed and connects to nothing', () => {
    const chat = startChat()
    expect(chat.actor.getSnapshot().value).toEqual({ closed: 'idle' })
    expect(chat.sockets).toHaveLength(0)
    vi.advanceTimersByTime(60_000)
    expect(chat.sockets).toHaveLength(0)
  })

  test('a question cannot be sent while closed', () => {
    const chat = startChat()
    expect(chat.actor.getSnapshot().can({ type: 'SEND', text: 'Hello?' })).toBe(false)
  })

  test('restored history is kept while closed', () => {
    const chat = startChat([q('One'), a('Two')])
    expect(chat.messages().map((m) => m.data)).toEqual(['One', 'Two'])
  })
})

describe('opening', () => {
  test('opening connects: one socket, connecting until the server greets', () => {
    const chat = startChat()
    chat.actor.send({ type: 'OPEN' })
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'connecting' } })
    expect(chat.sockets).toHaveLength(1)
    expect(chat.current().input).toEqual({ fresh: true })
  })

  test('the hello frame makes it ready and names the provider', () => {
    const chat = readyChat()
    const snapshot = chat.actor.getSnapshot()
    expect(snapshot.value).toEqual({ open: { online: 'ready' } })
    expect(snapshot.context.provider).toBe("Powered by Waypoint's library")
  })

  test('a trailing unanswered question is removed on opening, and the rest is kept', () => {
    const chat = startChat([q('First'), a('Answer'), q('Never answered')])
    // The machine starts closed, and entering closed already drops it; opening keeps it gone.
    chat.actor.send({ type: 'OPEN' })
    expect(chat.messages().map((m) => m.data)).toEqual(['First', 'Answer'])
    expect(chat.lastStored()?.map((m) => m.data)).toEqual(['First', 'Answer'])
    // The server keeps its copy of a conversation that goes on.
    expect(chat.current().input).toEqual({ fresh: false })
  })

  test('opening twice keeps one connection', () => {
    const chat = startChat()
    chat.actor.send({ type: 'OPEN' })
    chat.actor.send({ type: 'OPEN' })
    expect(chat.sockets).toHaveLength(1)
  })
})

describe('asking', () => {
  test('an empty or blank question is not accepted', () => {
    const chat = readyChat()
    for (const text of ['', '   ', '\n\n']) {
      expect(chat.actor.getSnapshot().can({ type: 'SEND', text })).toBe(false)
      chat.actor.send({ type: 'SEND', text })
    }
    expect(chat.messages()).toEqual([])
    expect(chat.current().commands).toEqual([])
  })

  test('a question over 300 characters is not accepted', () => {
    const chat = readyChat()
    expect(chat.actor.getSnapshot().can({ type: 'SEND', text: 'x'.repeat(301) })).toBe(false)
    expect(chat.actor.getSnapshot().can({ type: 'SEND', text: 'x'.repeat(300) })).toBe(true)
  })

  test('a question is stored, sent trimmed, and awaits its answer', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'SEND', text: '  How do I write a CV?  ' })
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'awaiting' } })
    expect(chat.messages()).toMatchObject([{ type: 'question', data: 'How do I write a CV?' }])
    expect(chat.lastStored()).toMatchObject([{ type: 'question', data: 'How do I write a CV?' }])
    expect(chat.current().commands).toEqual([{ type: 'question', text: 'How do I write a CV?' }])
  })

  test('no new question while the last one is unanswered, nor while its answer streams', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'SEND', text: 'First?' })
    expect(chat.actor.getSnapshot().can({ type: 'SEND', text: 'Second?' })).toBe(false)
    chat.actor.send({ type: 'SEND', text: 'Second?' })
    chat.current().emit({ type: 'socket.delta', text: 'Part' })
    expect(chat.actor.getSnapshot().can({ type: 'SEND', text: 'Second?' })).toBe(false)
    chat.actor.send({ type: 'SEND', text: 'Second?' })
    expect(chat.messages().filter((m) => m.type === 'question')).toHaveLength(1)
    expect(chat.current().commands).toHaveLength(1)
  })

  test('the answer streams in and is stored once complete, with its sources', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'SEND', text: 'Interviews?' })
    chat.current().emit({ type: 'socket.delta', text: 'Here is ' })
    chat.current().emit({ type: 'socket.delta', text: 'what we have.' })
    expect(chat.messages()[1]).toMatchObject({ type: 'answer', data: 'Here is what we have.', streaming: true })
    const storedWhileStreaming = chat.stored.length
    const sources = [{ title: 'STAR', url: '/articles/star' }]
    chat.current().emit({ type: 'socket.done', sources })
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'ready' } })
    expect(chat.messages()[1]).toEqual({ id: expect.any(String), type: 'answer', data: 'Here is what we have.', streaming: false, sources })
    expect(chat.stored.length).toBe(storedWhileStreaming + 1)
    expect(chat.actor.getSnapshot().can({ type: 'SEND', text: 'Next?' })).toBe(true)
  })

  test('an answer without text still completes the question', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'SEND', text: 'Anything?' })
    chat.current().emit({ type: 'socket.done', sources: [] })
    expect(chat.messages()).toMatchObject([{ type: 'question' }, { type: 'answer', data: '' }])
  })

  test('an error frame answers the question with the error, and the conversation continues', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'SEND', text: 'Salary?' })
    chat.current().emit({ type: 'socket.error', detail: 'The AI provider is busy right now.', code: 'provider_failed' })
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'ready' } })
    expect(chat.messages()[1]).toMatchObject({ type: 'answer', data: '', error: 'The AI provider is busy right now.' })
    expect(chat.lastStored()).toHaveLength(2)
    chat.actor.send({ type: 'SEND', text: 'Again?' })
    expect(chat.current().commands).toHaveLength(2)
  })

  test('an error mid-stream keeps the partial answer and marks it', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'SEND', text: 'Salary?' })
    chat.current().emit({ type: 'socket.delta', text: 'Half an' })
    chat.current().emit({ type: 'socket.error', detail: 'Timed out.' })
    expect(chat.messages()[1]).toMatchObject({ data: 'Half an', streaming: false, error: 'Timed out.' })
  })

  test('an error with no question waiting becomes a notice', () => {
    const chat = readyChat()
    chat.current().emit({ type: 'socket.error', detail: 'Too many messages.' })
    expect(chat.actor.getSnapshot().context.notice).toBe('Too many messages.')
    expect(chat.messages()).toEqual([])
    chat.actor.send({ type: 'SEND', text: 'Ok?' })
    expect(chat.actor.getSnapshot().context.notice).toBeNull()
  })

  test('a question asked while connecting waits and goes once the server greets', () => {
    const chat = startChat()
    chat.actor.send({ type: 'OPEN' })
    chat.actor.send({ type: 'SEND', text: 'Early?' })
    expect(chat.current().commands).toEqual([])
    chat.current().emit({ type: 'socket.hello', provider: 'p' })
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'awaiting' } })
    expect(chat.current().commands).toEqual([{ type: 'question', text: 'Early?' }])
  })
})

describe('closing', () => {
  test('closing tells the server to forget the conversation, then closes the socket', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'CLOSE' })
    expect(chat.actor.getSnapshot().value).toEqual({ closed: 'clearing' })
    expect(chat.sockets[0]!.commands).toEqual([{ type: 'reset' }])
    expect(chat.sockets[0]!.stopped).toBe(true)
  })

  test('closing removes a trailing unanswered question at once', () => {
    const chat = readyChat([q('Old'), a('Answer')])
    chat.actor.send({ type: 'SEND', text: 'Pending?' })
    chat.actor.send({ type: 'CLOSE' })
    expect(chat.messages().map((m) => m.data)).toEqual(['Old', 'Answer'])
  })

  test('closing mid-stream removes the question with its partial answer', () => {
    const chat = readyChat([q('Old'), a('Answer')])
    chat.actor.send({ type: 'SEND', text: 'Pending?' })
    chat.current().emit({ type: 'socket.delta', text: 'Half' })
    chat.actor.send({ type: 'CLOSE' })
    expect(chat.messages().map((m) => m.data)).toEqual(['Old', 'Answer'])
  })

  test('closing clears the conversation after a short delay, and the stored history with it', () => {
    const chat = readyChat([q('Old'), a('Answer')])
    chat.actor.send({ type: 'CLOSE' })
    vi.advanceTimersByTime(CLEAR_DELAY_MS - 1)
    expect(chat.messages()).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(chat.actor.getSnapshot().value).toEqual({ closed: 'idle' })
    expect(chat.messages()).toEqual([])
    expect(chat.lastStored()).toEqual([])
  })

  test('opening again before the delay ran out still clears, and the server is told to forget', () => {
    const chat = readyChat([q('Old'), a('Answer')])
    chat.actor.send({ type: 'CLOSE' })
    chat.actor.send({ type: 'OPEN' })
    expect(chat.messages()).toEqual([])
    expect(chat.lastStored()).toEqual([])
    expect(chat.sockets).toHaveLength(2)
    expect(chat.current().input).toEqual({ fresh: true })
  })

  test('closed connects to nothing, and closing while offline needs no socket', () => {
    const chat = readyChat()
    chat.current().emit({ type: 'socket.closed' })
    chat.actor.send({ type: 'CLOSE' })
    vi.advanceTimersByTime(60_000)
    expect(chat.sockets).toHaveLength(1)
    expect(chat.actor.getSnapshot().value).toEqual({ closed: 'idle' })
  })
})

describe('reconnecting', () => {
  test('a dropped socket reconnects after a backoff', () => {
    const chat = readyChat()
    chat.current().emit({ type: 'socket.closed' })
    expect(chat.actor.getSnapshot().value).toEqual({ open: 'offline' })
    vi.advanceTimersByTime(RECONNECT_MS - 1)
    expect(chat.sockets).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(chat.sockets).toHaveLength(2)
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'connecting' } })
    expect(chat.actor.getSnapshot().context.attempt).toBe(1)
    chat.current().emit({ type: 'socket.hello', provider: 'p' })
    expect(chat.actor.getSnapshot().context.attempt).toBe(0)
  })

  test('the backoff grows with each failed attempt', () => {
    const chat = startChat()
    const delays = chatMachine.implementations.delays.reconnectDelay as (args: { context: { attempt: number } }) => number
    expect(delays({ context: { attempt: 0 } })).toBeLessThanOrEqual(500)
    expect(delays({ context: { attempt: 3 } })).toBeGreaterThanOrEqual(2000)
    expect(delays({ context: { attempt: 20 } })).toBeLessThanOrEqual(15_000)
    chat.actor.stop()
  })

  test('"Reconnect now" skips the wait', () => {
    const chat = readyChat()
    chat.current().emit({ type: 'socket.closed' })
    chat.actor.send({ type: 'RECONNECT' })
    expect(chat.sockets).toHaveLength(2)
  })

  test('a half-streamed answer is marked when the socket drops', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'SEND', text: 'Q?' })
    chat.current().emit({ type: 'socket.delta', text: 'Partial' })
    chat.current().emit({ type: 'socket.closed' })
    expect(chat.messages()[1]).toMatchObject({ data: 'Partial', streaming: false, error: connectionLostDetail })
    expect(chat.actor.getSnapshot().can({ type: 'SEND', text: 'Again?' })).toBe(true)
  })

  test('a question with no answer yet is asked again after reconnecting', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'SEND', text: 'Q?' })
    chat.current().emit({ type: 'socket.closed' })
    vi.advanceTimersByTime(RECONNECT_MS)
    chat.current().emit({ type: 'socket.hello', provider: 'p' })
    expect(chat.current().commands).toEqual([{ type: 'question', text: 'Q?' }])
    expect(chat.current().input).toEqual({ fresh: false })
  })

  test('a question asked while offline is sent once connected again', () => {
    const chat = readyChat()
    chat.current().emit({ type: 'socket.closed' })
    chat.actor.send({ type: 'SEND', text: 'Offline?' })
    expect(chat.messages()).toMatchObject([{ type: 'question', data: 'Offline?' }])
    vi.advanceTimersByTime(RECONNECT_MS)
    chat.current().emit({ type: 'socket.hello', provider: 'p' })
    expect(chat.current().commands).toEqual([{ type: 'question', text: 'Offline?' }])
  })
})

// The QA inspector (?inspect=1) offers every event the state takes and sends it with whatever
// payload was typed, often none; anyone holding the actor can do the same.
describe('events without their payload', () => {
  const bare = (type: ChatEvent['type']) => ({ type }) as ChatEvent

  test('SEND without text is not accepted, and asking whether it is does not throw', () => {
    const chat = startChat([q('Hi'), a('Hello!')])
    chat.actor.send({ type: 'OPEN' })
    // Connecting: the question would wait for the greeting.
    expect(chat.actor.getSnapshot().can(bare('SEND'))).toBe(false)
    chat.current().emit({ type: 'socket.hello', provider: "Powered by Waypoint's library" })
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'ready' } })
    expect(chat.actor.getSnapshot().can(bare('SEND'))).toBe(false)
    expect(chat.actor.getSnapshot().can({ type: 'SEND', text: 42 } as unknown as ChatEvent)).toBe(false)

    chat.actor.send(bare('SEND'))
    expect(chat.actor.getSnapshot().status).toBe('active')
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'ready' } })
    expect(chat.messages()).toEqual([q('Hi'), a('Hello!')])
    expect(chat.current().commands).toEqual([])

    // With its payload the same event asks as usual.
    expect(chat.actor.getSnapshot().can({ type: 'SEND', text: 'How do I write a CV?' })).toBe(true)
    chat.actor.send({ type: 'SEND', text: 'How do I write a CV?' })
    expect(chat.current().commands).toEqual([{ type: 'question', text: 'How do I write a CV?' }])
  })

  test('socket events without their fields neither throw nor show "undefined"', () => {
    const chat = readyChat()
    chat.actor.send({ type: 'SEND', text: 'Hello?' })
    chat.actor.send(bare('socket.delta'))
    expect(chat.messages().map((m) => m.data)).toEqual(['Hello?'])
    chat.current().emit({ type: 'socket.delta', text: 'Hi there.' })
    chat.actor.send(bare('socket.done'))
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'ready' } })
    expect(chat.messages()[1]).toMatchObject({ type: 'answer', data: 'Hi there.', sources: [], streaming: false })

    // An error without a detail still ends the question, with a readable one.
    chat.actor.send({ type: 'SEND', text: 'And now?' })
    chat.actor.send(bare('socket.error'))
    expect(chat.messages()[3]).toMatchObject({ type: 'answer', data: '', error: chatMessages.providerFailed })
    chat.actor.send(bare('socket.error'))
    expect(chat.actor.getSnapshot().context.notice).toBe(chatMessages.providerFailed)

    // A greeting without a provider keeps the one named before.
    chat.current().emit({ type: 'socket.closed' })
    chat.actor.send({ type: 'RECONNECT' })
    chat.actor.send(bare('socket.hello'))
    expect(chat.actor.getSnapshot().value).toEqual({ open: { online: 'ready' } })
    expect(chat.actor.getSnapshot().context.provider).toBe("Powered by Waypoint's library")
    expect(chat.actor.getSnapshot().status).toBe('active')
  })
})
