import * as v from 'valibot'

/** WS /api/ai/chatbot: the chat protocol, its frames declared below (served by server/routes/chat.ts). */
export const chatPath = '/ai/chatbot'

/** Spec sections 5 and 9: a question has at most 300 characters (after trimming). */
export const CHAT_QUESTION_MAX = 300
/** A client frame larger than this is refused with an error frame. */
export const CHAT_FRAME_MAX_BYTES = 4096

/** A page the answer drew on: an article (/articles/slug) or a tool (/resume, /salary...). */
export const chatSource = v.object({ title: v.string(), url: v.string() })
export type ChatSource = v.InferOutput<typeof chatSource>

/**
 * What the browser sends. The first frame authenticates (the access token or the guest token,
 * never in the URL); `reset` forgets the stored conversation (the drawer was closed).
 */
export const authFrame = v.union([
  v.strictObject({ type: v.literal('auth'), token: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)) }),
  v.strictObject({ type: v.literal('auth'), guest: v.string() }),
])
export type AuthFrame = v.InferOutput<typeof authFrame>

export const questionFrame = v.strictObject({ type: v.literal('question'), text: v.string() })
export const resetFrame = v.strictObject({ type: v.literal('reset') })

export const clientFrame = v.union([authFrame, questionFrame, resetFrame])
export type ClientFrame = v.InferOutput<typeof clientFrame>

/**
 * What the server sends: `hello` once the connection is authenticated (names the provider that
 * answers, for the credit bar), then per question `answer.delta`... `answer.done`, or `error`.
 */
export const serverFrame = v.variant('type', [
  v.object({ type: v.literal('hello'), provider: v.string() }),
  v.object({ type: v.literal('answer.delta'), text: v.string() }),
  v.object({ type: v.literal('answer.done'), sources: v.array(chatSource) }),
  v.object({ type: v.literal('error'), detail: v.string(), code: v.optional(v.string()) }),
])
export type ServerFrame = v.InferOutput<typeof serverFrame>

/** `code` of an error frame, for clients that act on it; `detail` is for people. */
export const chatErrorCodes = {
  /** The access token was refused: refresh it (or continue as a guest) and reconnect. */
  tokenNotValid: 'token_not_valid',
  notAuthenticated: 'not_authenticated',
  invalidFrame: 'invalid_frame',
  invalidQuestion: 'invalid_question',
  busy: 'busy',
  rateLimited: 'rate_limited',
  providerFailed: 'provider_failed',
} as const

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

export const chatMessages = {
  greeting: "Hi! I'm Waypoint's career assistant. Ask me about applications, interviews, salaries or living costs.",
  placeholder: 'Send a message...',
  notJson: 'That message was not understood: send JSON such as {"type":"question","text":"..."}.',
  binary: 'Binary messages are not accepted: send text frames with JSON.',
  tooLarge: `That message is too large (at most ${CHAT_FRAME_MAX_BYTES / 1024} KB).`,
  unknownFrame: 'That message was not understood: expected {"type":"question","text":"..."}.',
  authFirst: 'Authenticate first: send {"type":"auth","token":"..."} or {"type":"auth","guest":"..."}.',
  alreadyAuthenticated: 'This connection is already authenticated.',
  guestNotValid: 'The guest token is not valid: it has 16 letters and digits.',
  authTimeout: 'No authentication arrived in time; the connection is closed.',
  empty: 'Type a question first.',
  tooLong: `Questions can be at most ${CHAT_QUESTION_MAX} characters long.`,
  busy: 'Wait for the answer to your last question before asking another.',
  connectionRate: 'You are asking faster than we can answer. Wait a moment, then ask again.',
  rateLimited: (retryAfterSeconds: number) => `You have asked a lot of questions in a short time. Try again in ${inMinutes(retryAfterSeconds)}.`,
  providerFailed: 'The assistant could not answer just now. Please try again in a moment.',
  tooManyInvalid: 'Too many messages that were not understood; the connection is closed.',
  tooManyPending: 'Too many messages arrived before authentication finished; the connection is closed.',
  unavailable: 'The assistant is unavailable just now. Please try again in a moment.',
} as const

/** The credit bar when the built-in assistant answers (no language model configured). */
export const builtinProviderLabel = "Powered by Waypoint's library"
