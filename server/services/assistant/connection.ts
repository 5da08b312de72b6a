import * as v from 'valibot'
import {
  CHAT_FRAME_MAX_BYTES,
  CHAT_QUESTION_MAX,
  chatErrorCodes,
  chatMessages,
  clientFrame,
  type ClientFrame,
  type ChatSource,
  type ServerFrame,
} from '~contract/chat.ts'
import { authMessages } from '~contract/auth.ts'
import type { Deps } from '../../deps.ts'
import { isDatabaseUnavailable } from '../../db/unavailable.ts'
import { identify, type Tokens } from '../accounts/index.ts'
import type { RateLimiter } from '../rate-limit.ts'
import { guestConversationTtlMs, guestOwner, userOwner, type ChatHistory, type ChatOwner } from './history.ts'
import { ProviderError } from '../../lib/llm.ts'
import type { AnswerProvider } from './types.ts'

/** The socket as the protocol sees it. */
export type ChatSocket = {
  send(frame: ServerFrame): void
  close(code: number, reason: string): void
}

export type ChatService = {
  provider: AnswerProvider
  history: ChatHistory
  tokens: Tokens
  limiter: RateLimiter
  /** How long a new connection may take to send its auth frame. */
  authTimeoutMs: number
  /** Called once a connection is authenticated: get slow first-time work out of the way. */
  warmUp?: () => void
}

/** Close codes (4000-4999 are ours). */
export const chatCloseCodes = { policy: 1008, authTimeout: 4408, authRefused: 4401 } as const

/** Earlier turns given to the provider with each question. */
const historyTurns = 10
/** After this many frames that were not understood the connection is closed. */
const maxInvalidFrames = 20
/** Wrong tokens allowed per connection before it is closed. */
const maxAuthAttempts = 3
/**
 * Frames held while the auth frame is checked (a client may send auth and its first question
 * at once). One more closes the connection: no client needs more, and each holds at most 4 KB.
 */
const maxPendingFrames = 8
const pruneEveryMs = 60 * 60_000

/** A client frame read: understood, or the detail of the error frame it gets. */
type ReadFrame = { frame: ClientFrame } | { invalid: string }

/** Reads one frame; nothing here depends on the connection, so it can be done on arrival. */
function readFrame(data: unknown, binary: boolean): ReadFrame {
  if (binary || typeof data !== 'string') return { invalid: chatMessages.binary }
  if (Buffer.byteLength(data) > CHAT_FRAME_MAX_BYTES) return { invalid: chatMessages.tooLarge }
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return { invalid: chatMessages.notJson }
  }
  const parsed = v.safeParse(clientFrame, json)
  if (parsed.success) return { frame: parsed.output }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined
  return { invalid: type === 'auth' ? chatMessages.authFirst : chatMessages.unknownFrame }
}

let lastPrune = Number.NEGATIVE_INFINITY

/**
 * One websocket connection of the chat (protocol: contract/chat.ts): authenticate with the first
 * frame, then questions one at a time, each answered as a stream. Frames that arrive while the
 * auth frame is checked wait for it (a client may send auth and question at once). Nothing a
 * client sends can throw out of here: every problem becomes an error frame.
 */
export function createChatConnection(
  { config, clock, log }: Pick<Deps, 'config' | 'clock' | 'log'>,
  service: ChatService,
  socket: ChatSocket,
  ip: string,
) {
  const limits = config.rateLimits
  let owner: ChatOwner | undefined
  let authenticating = false
  let authAttempts = 0
  let invalidFrames = 0
  /** Frames that arrived while authenticating, handled in order once it settles. */
  const pending: ReadFrame[] = []
  let answering: AbortController | undefined
  let closed = false
  const asked: number[] = []

  const send = (frame: ServerFrame) => {
    if (!closed) socket.send(frame)
  }
  const close = (code: number, reason: string) => {
    if (closed) return
    closed = true
    pending.length = 0
    answering?.abort()
    clearTimeout(authTimer)
    socket.close(code, reason)
  }
  const fail = (detail: string, code?: string) => send(code ? { type: 'error', detail, code } : { type: 'error', detail })

  const invalid = (detail: string) => {
    fail(detail, chatErrorCodes.invalidFrame)
    invalidFrames += 1
    if (invalidFrames >= maxInvalidFrames) {
      fail(chatMessages.tooManyInvalid, chatErrorCodes.invalidFrame)
      close(chatCloseCodes.policy, 'Too many invalid frames')
    }
  }

  const authTimer = setTimeout(() => {
    if (owner) return
    fail(chatMessages.authTimeout, chatErrorCodes.notAuthenticated)
    close(chatCloseCodes.authTimeout, 'No authentication')
  }, service.authTimeoutMs)

  async function authenticate(frame: { token: string } | { guest: string }) {
    authenticating = true
    authAttempts += 1
    try {
      if ('token' in frame) {
        const identity = await identify(service.tokens, `Bearer ${frame.token}`)
        if (identity.kind !== 'user') return refuse(authMessages.tokenNotValid, chatErrorCodes.tokenNotValid)
        owner = userOwner(identity.user.id)
      } else {
        const identity = await identify(service.tokens, `Guest ${frame.guest}`)
        if (identity.kind !== 'guest') return refuse(chatMessages.guestNotValid, chatErrorCodes.notAuthenticated)
        owner = guestOwner(identity.token)
      }
      clearTimeout(authTimer)
      send({ type: 'hello', provider: service.provider.label })
      service.warmUp?.()
      pruneGuests()
    } catch (error) {
      log.error('Chat: authenticating a connection failed', error)
      fail(chatMessages.unavailable)
    } finally {
      authenticating = false
      handlePending()
    }
  }

  /** The frames held during authentication, in order, until one starts authenticating again. */
  function handlePending() {
    while (!authenticating && !closed && pending.length > 0) handle(pending.shift()!)
  }

  function refuse(detail: string, code: string) {
    fail(detail, code)
    if (authAttempts >= maxAuthAttempts) close(chatCloseCodes.authRefused, 'Authentication refused')
  }

  function pruneGuests() {
    const now = clock.now().getTime()
    if (now - lastPrune < pruneEveryMs) return
    lastPrune = now
    service.history
      .pruneGuests(new Date(now - guestConversationTtlMs))
      .catch((error: unknown) => log.warn('Chat: deleting old guest conversations failed', error))
  }

  /** The per-connection limit, counted in memory: it lives exactly as long as the connection. */
  function overConnectionLimit(): boolean {
    const now = clock.now().getTime()
    while (asked.length > 0 && asked[0]! <= now - limits.chatPerConnection.windowMs) asked.shift()
    if (asked.length >= limits.chatPerConnection.limit) return true
    asked.push(now)
    return false
  }

  async function ask(me: ChatOwner, raw: string) {
    const question = raw.trim()
    if (!question) return fail(chatMessages.empty, chatErrorCodes.invalidQuestion)
    if ([...question].length > CHAT_QUESTION_MAX) return fail(chatMessages.tooLong, chatErrorCodes.invalidQuestion)
    if (answering) return fail(chatMessages.busy, chatErrorCodes.busy)
    if (overConnectionLimit()) return fail(chatMessages.connectionRate, chatErrorCodes.rateLimited)

    const controller = new AbortController()
    answering = controller
    const askedAt = clock.now()
    try {
      // The limits and the earlier turns are read together: one wait for the database, not two.
      const [ownerWait, ipWait, history] = await Promise.all([
        service.limiter.hit(`chat:owner:${me.key}`, limits.chatPerOwner),
        service.limiter.hit(`chat:ip:${ip}`, limits.chatPerIp),
        service.history.recent(me, historyTurns * 2),
      ])
      const wait = Math.max(0, ownerWait ?? 0, ipWait ?? 0)
      if (wait > 0) return fail(chatMessages.rateLimited(wait), chatErrorCodes.rateLimited)

      let text = ''
      let sources: ChatSource[] | undefined
      const asker = { signedIn: me.userId !== null }
      for await (const event of service.provider.answer({ question, history, signal: controller.signal, asker })) {
        if (controller.signal.aborted) return
        if (event.type === 'done') {
          sources = event.sources
          break
        }
        text += event.text
        send({ type: 'answer.delta', text: event.text })
      }
      if (!sources || controller.signal.aborted) return
      // Stored before answer.done: once the client hears "done" it may ask again at once.
      await service.history
        .append(me, { text: question, at: askedAt }, { text, sources })
        .catch((error: unknown) => log.error('Chat: storing an answered question failed', error))
      answering = undefined
      send({ type: 'answer.done', sources })
    } catch (error) {
      // Closed or reset while answering: nobody is waiting for this answer any more.
      if (controller.signal.aborted) return
      // The database away (limits and history live there): say so, as the HTTP API's 503 does.
      if (isDatabaseUnavailable(error)) {
        log.warn('Chat: a question was refused because the database is not answering')
        return fail(chatMessages.unavailable)
      }
      if (!(error instanceof ProviderError)) log.error('Chat: answering a question failed', error)
      fail(error instanceof ProviderError ? error.detail : chatMessages.providerFailed, chatErrorCodes.providerFailed)
    } finally {
      if (answering === controller) answering = undefined
    }
  }

  async function reset(me: ChatOwner) {
    answering?.abort()
    answering = undefined
    try {
      await service.history.reset(me)
    } catch (error) {
      log.error('Chat: resetting a conversation failed', error)
      fail(chatMessages.unavailable)
    }
  }

  function handle(read: ReadFrame) {
    if ('invalid' in read) return invalid(read.invalid)
    const { frame } = read
    if (frame.type === 'auth') {
      if (owner) return fail(chatMessages.alreadyAuthenticated, chatErrorCodes.invalidFrame)
      return void authenticate(frame)
    }
    if (!owner) return fail(chatMessages.authFirst, chatErrorCodes.notAuthenticated)
    if (frame.type === 'reset') return void reset(owner)
    void ask(owner, frame.text)
  }

  return {
    /** One frame from the client: a string, or bytes when `binary`. */
    message(data: unknown, binary: boolean) {
      if (closed) return
      const read = readFrame(data, binary)
      if (!authenticating && pending.length === 0) return handle(read)
      if (pending.length >= maxPendingFrames) {
        fail(chatMessages.tooManyPending, chatErrorCodes.busy)
        return close(chatCloseCodes.policy, 'Too many frames before authentication')
      }
      pending.push(read)
    },

    /** The socket closed (either side): stop any answer in progress. */
    closed() {
      closed = true
      pending.length = 0
      clearTimeout(authTimer)
      answering?.abort()
    },
  }
}
