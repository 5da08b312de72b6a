import { assign, fromCallback, sendTo, setup } from 'xstate'
import { CHAT_QUESTION_MAX, chatMessages, type ChatSource } from '~contract/chat.ts'

/** Spec section 3: a chat message is its text (`data`) and its type; answers add what they cite. */
export type ChatMessage = {
  id: string
  type: 'question' | 'answer'
  data: string
  sources?: ChatSource[]
  /** Why an answer is missing or incomplete (a provider failure, a dropped connection...). */
  error?: string
  /** An answer still arriving; never stored. */
  streaming?: boolean
}

/** What the socket actor tells the machine. */
export type ChatSocketEvent =
  | { type: 'socket.hello'; provider: string }
  | { type: 'socket.delta'; text: string }
  | { type: 'socket.done'; sources: ChatSource[] }
  | { type: 'socket.error'; detail: string; code?: string }
  | { type: 'socket.closed' }

/** What the machine asks the socket actor to send. */
export type ChatSocketCommand = { type: 'question'; text: string } | { type: 'reset' }

export type ChatSocketInput = {
  /** The local conversation is empty: the server should forget the stored one too. */
  fresh: boolean
}

export type ChatEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'SEND'; text: string }
  /** Reconnect now instead of waiting for the backoff. */
  | { type: 'RECONNECT' }
  | ChatSocketEvent

export type ChatContext = {
  messages: ChatMessage[]
  /** Who answers (from the server's hello), for the credit bar. */
  provider: string | null
  /** A problem that is not the answer to a question (the connection, a refused frame). */
  notice: string | null
  /** Reconnect attempts since the last successful hello. */
  attempt: number
}

export type ChatInput = { history?: ChatMessage[] }

/** How long the closing drawer keeps showing the conversation before it is cleared. */
export const CLEAR_DELAY_MS = 300
const RECONNECT_BASE_MS = 500
const RECONNECT_MAX_MS = 15_000

export const connectionLostDetail = 'The connection dropped before the answer was complete. Please ask again.'

let nextId = 0
export const messageId = () => `m${Date.now().toString(36)}-${(nextId++).toString(36)}`

const last = (messages: ChatMessage[]) => messages[messages.length - 1]

/** The last question has no complete answer yet (none, or one still streaming). */
export function awaitingAnswer(messages: ChatMessage[]): boolean {
  const message = last(messages)
  return message?.type === 'question' || message?.streaming === true
}

/** Spec section 4: accepted only if not empty and the last message is not an unanswered question. */
export function canAsk(messages: ChatMessage[], text: string): boolean {
  const question = text.trim()
  return question.length > 0 && [...question].length <= CHAT_QUESTION_MAX && !awaitingAnswer(messages)
}

/**
 * An event's field as sent. The types promise every field, but an event can come without its
 * payload (the QA inspector sends any event the state takes, with whatever payload was typed):
 * guards and actions read fields through this and never throw on a missing one.
 */
function field<T>(event: ChatEvent, name: string, is: (value: unknown) => value is T): T | undefined {
  const value = (event as Record<string, unknown>)[name]
  return is(value) ? value : undefined
}
const isString = (value: unknown): value is string => typeof value === 'string'
const isSources = (value: unknown): value is ChatSource[] =>
  Array.isArray(value) && value.every((s) => typeof s === 'object' && s !== null && isString(s.title) && isString(s.url))

/** Without a trailing unanswered question (and the partial answer it may have). */
function withoutUnansweredQuestion(messages: ChatMessage[]): ChatMessage[] {
  const message = last(messages)
  if (message?.type === 'question') return messages.slice(0, -1)
  if (message?.streaming) return messages.slice(0, messages[messages.length - 2]?.type === 'question' ? -2 : -1)
  return messages
}

/** The streaming answer ends with `error`; without one, an answer holding only the error is added. */
function failAnswer(messages: ChatMessage[], error: string): ChatMessage[] {
  const message = last(messages)
  if (message?.streaming) return [...messages.slice(0, -1), { ...message, streaming: false, error }]
  return [...messages, { id: messageId(), type: 'answer', data: '', error }]
}

/**
 * The chat drawer and its connection (spec sections 2, 4 and 7). Closed, it connects to
 * nothing; open, it keeps one websocket (the `socket` actor) and reconnects with backoff.
 * Every message change is stored through the `persist` action (chatHistory).
 */
export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
  },
  actors: {
    // The drawer provides the real websocket; tests provide a fake.
    socket: fromCallback<ChatSocketCommand, ChatSocketInput>(() => undefined),
  },
  delays: {
    clearDelay: CLEAR_DELAY_MS,
    reconnectDelay: ({ context }) => {
      const base = Math.min(RECONNECT_BASE_MS * 2 ** context.attempt, RECONNECT_MAX_MS)
      return base / 2 + Math.random() * (base / 2)
    },
  },
  guards: {
    canAsk: ({ context, event }) => {
      const text = event.type === 'SEND' ? field(event, 'text', isString) : undefined
      return text !== undefined && canAsk(context.messages, text)
    },
    hasUnsentQuestion: ({ context }) => last(context.messages)?.type === 'question',
  },
  actions: {
    /** Writes chatHistory; the drawer provides local storage. */
    persist: () => undefined,
    dropUnansweredQuestion: assign({ messages: ({ context }) => withoutUnansweredQuestion(context.messages) }),
    clearConversation: assign({ messages: [], notice: null }),
    addQuestion: assign({
      messages: ({ context, event }) => {
        const text = event.type === 'SEND' ? field(event, 'text', isString) : undefined
        return text === undefined ? context.messages : [...context.messages, { id: messageId(), type: 'question' as const, data: text.trim() }]
      },
      notice: null,
    }),
    sendQuestion: sendTo('socket', ({ context }): ChatSocketCommand => ({ type: 'question', text: last(context.messages)?.data ?? '' })),
    sendReset: sendTo('socket', { type: 'reset' } satisfies ChatSocketCommand),
    appendDelta: assign({
      messages: ({ context, event }) => {
        const text = event.type === 'socket.delta' ? field(event, 'text', isString) : undefined
        if (text === undefined) return context.messages
        const message = last(context.messages)
        if (message?.streaming) return [...context.messages.slice(0, -1), { ...message, data: message.data + text }]
        return [...context.messages, { id: messageId(), type: 'answer' as const, data: text, streaming: true }]
      },
    }),
    finishAnswer: assign({
      messages: ({ context, event }) => {
        const sources = (event.type === 'socket.done' ? field(event, 'sources', isSources) : undefined) ?? []
        const message = last(context.messages)
        if (message?.streaming) return [...context.messages.slice(0, -1), { ...message, streaming: false, sources }]
        return [...context.messages, { id: messageId(), type: 'answer' as const, data: '', sources }]
      },
    }),
    failAnswer: assign({
      messages: ({ context, event }) =>
        failAnswer(
          context.messages,
          event.type === 'socket.error' ? (field(event, 'detail', isString) ?? chatMessages.providerFailed) : connectionLostDetail,
        ),
    }),
    /** The socket dropped: a half-streamed answer is marked; a question not yet answered is asked again. */
    interruptAnswer: assign({
      messages: ({ context }) => (last(context.messages)?.streaming ? failAnswer(context.messages, connectionLostDetail) : context.messages),
    }),
    greeted: assign({
      provider: ({ context, event }) => (event.type === 'socket.hello' ? (field(event, 'provider', isString) ?? context.provider) : context.provider),
      attempt: 0,
      notice: null,
    }),
    showNotice: assign({
      notice: ({ context, event }) =>
        event.type === 'socket.error' ? (field(event, 'detail', isString) ?? chatMessages.providerFailed) : context.notice,
    }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({ messages: input.history ?? [], provider: null, notice: null, attempt: 0 }),
  initial: 'closed',
  states: {
    closed: {
      entry: ['dropUnansweredQuestion', 'persist'],
      initial: 'idle',
      on: { OPEN: '#chat.open' },
      states: {
        idle: {},
        /** Spec section 4: closing clears the conversation after a short delay, stored history too. */
        clearing: {
          after: { clearDelay: { target: 'idle', actions: ['clearConversation', 'persist'] } },
          // Opened again before the delay ran out: the close still clears.
          on: { OPEN: { target: '#chat.open', actions: ['clearConversation', 'persist'] } },
        },
      },
    },
    open: {
      entry: ['dropUnansweredQuestion', 'persist'],
      initial: 'online',
      on: {
        CLOSE: '#chat.closed.clearing',
        // Offline or still connecting: the question waits and goes once the server greets.
        SEND: { guard: 'canAsk', actions: ['addQuestion', 'persist'] },
      },
      states: {
        online: {
          invoke: {
            id: 'socket',
            src: 'socket',
            input: ({ context }): ChatSocketInput => ({ fresh: context.messages.length === 0 }),
          },
          initial: 'connecting',
          on: {
            'socket.closed': { target: 'offline', actions: ['interruptAnswer', 'persist'] },
            CLOSE: '.closing',
          },
          states: {
            connecting: {
              on: {
                'socket.hello': { target: 'ready', actions: 'greeted' },
                'socket.error': { actions: 'showNotice' },
              },
            },
            ready: {
              always: { guard: 'hasUnsentQuestion', target: 'awaiting' },
              on: {
                SEND: { guard: 'canAsk', target: 'awaiting', actions: ['addQuestion', 'persist'] },
                'socket.error': { actions: 'showNotice' },
              },
            },
            awaiting: {
              entry: 'sendQuestion',
              on: {
                'socket.delta': { actions: 'appendDelta' },
                'socket.done': { target: 'ready', actions: ['finishAnswer', 'persist'] },
                'socket.error': { target: 'ready', actions: ['failAnswer', 'persist'] },
              },
            },
            /** Tells the server to forget the conversation while the socket is still up. */
            closing: {
              entry: 'sendReset',
              always: '#chat.closed.clearing',
            },
          },
        },
        offline: {
          after: { reconnectDelay: { target: 'online', actions: 'countAttempt' } },
          on: { RECONNECT: 'online' },
        },
      },
    },
  },
})
