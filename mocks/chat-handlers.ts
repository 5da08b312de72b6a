import { ws } from 'msw'
import * as v from 'valibot'
import {
  CHAT_QUESTION_MAX,
  builtinProviderLabel,
  chatErrorCodes,
  chatMessages,
  clientFrame,
  type ChatSource,
  type ClientFrame,
  type ServerFrame,
} from '~contract/chat.ts'

/** The chat websocket, wherever the SPA's API lives. */
export const chatLink = ws.link('*/api/ai/chatbot')

/** How the mock answers one question: text pieces, then sources, or an error detail. */
export type MockAnswer = { deltas: string[]; sources: ChatSource[] } | { error: string }

const defaultAnswer = (question: string): MockAnswer => ({
  deltas: [
    `Here is what our library says about <strong>${question.replace(/[<>&"]/g, '')}</strong>:\n\n`,
    '<a href="/articles/answering-behavioral-questions-with-star">Answering behavioral interview questions with the STAR method</a>\n',
    '“Behavioral questions ask you to describe what you actually did in a past situation.”',
  ],
  sources: [{ title: 'Answering behavioral interview questions with the STAR method', url: '/articles/answering-behavioral-questions-with-star' }],
})

/**
 * What tests steer and read: every frame the SPA sent (in order) and how questions are answered.
 * `createChatHandlers()` (run by every reset of the mock server) puts the defaults back.
 */
export const mockChat = {
  frames: [] as ClientFrame[],
  provider: builtinProviderLabel,
  answer: defaultAnswer as (question: string) => MockAnswer,
  /** Pause between streamed pieces. */
  delayMs: 5,
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The chat protocol of contract/chat.ts, in memory: auth, hello, then streamed answers. */
export function createChatHandlers() {
  mockChat.frames = []
  mockChat.provider = builtinProviderLabel
  mockChat.answer = defaultAnswer
  mockChat.delayMs = 5

  return [
    chatLink.addEventListener('connection', ({ client }) => {
      let authenticated = false
      const send = (frame: ServerFrame) => client.send(JSON.stringify(frame))
      client.addEventListener('message', async (event) => {
        let frame: ClientFrame
        try {
          frame = v.parse(clientFrame, JSON.parse(String(event.data)))
        } catch {
          return send({ type: 'error', detail: chatMessages.unknownFrame, code: chatErrorCodes.invalidFrame })
        }
        mockChat.frames.push(frame)
        if (frame.type === 'auth') {
          authenticated = true
          return send({ type: 'hello', provider: mockChat.provider })
        }
        if (!authenticated) return send({ type: 'error', detail: chatMessages.authFirst, code: chatErrorCodes.notAuthenticated })
        if (frame.type === 'reset') return
        const question = frame.text.trim()
        if (!question || question.length > CHAT_QUESTION_MAX) {
          return send({ type: 'error', detail: question ? chatMessages.tooLong : chatMessages.empty, code: chatErrorCodes.invalidQuestion })
        }
        const answer = mockChat.answer(question)
        if ('error' in answer) return send({ type: 'error', detail: answer.error, code: chatErrorCodes.providerFailed })
        for (const text of answer.deltas) {
          await sleep(mockChat.delayMs)
          send({ type: 'answer.delta', text })
        }
        send({ type: 'answer.done', sources: answer.sources })
      })
    }),
  ]
}
