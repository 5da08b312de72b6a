import * as v from 'valibot'
import { fromCallback } from 'xstate'
import { chatErrorCodes, serverFrame, type AuthFrame, type ClientFrame } from '~contract/chat.ts'
import type { ChatSocketCommand, ChatSocketEvent, ChatSocketInput } from './chat.machine'

export type SocketOptions = {
  url: string
  /** The auth frame; `refresh` after the server refused the access token. */
  credentials: (options: { refresh: boolean }) => Promise<AuthFrame>
}

/**
 * The chat websocket as a callback actor: frames in go to the machine (`sendBack`), commands
 * from the machine go out (`receive`), and stopping the actor closes the socket.
 */
export function chatSocket({ url, credentials }: SocketOptions) {
  return fromCallback<ChatSocketCommand, ChatSocketInput>(({ sendBack: sendAny, receive, input }) => {
    const sendBack = (event: ChatSocketEvent) => sendAny(event)
    const socket = new WebSocket(url)
    let stopped = false
    let greeted = false
    let refreshed = false

    const send = (frame: ClientFrame) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame))
    }
    const authenticate = (refresh: boolean) =>
      credentials({ refresh }).then(
        (frame) => {
          if (!stopped) send(frame)
        },
        () => socket.close(),
      )

    socket.addEventListener('open', () => {
      if (stopped) socket.close(1000)
      else void authenticate(false)
    })
    socket.addEventListener('message', (event: MessageEvent) => {
      if (stopped || typeof event.data !== 'string') return
      let parsed: v.SafeParseResult<typeof serverFrame>
      try {
        parsed = v.safeParse(serverFrame, JSON.parse(event.data))
      } catch {
        return
      }
      if (!parsed.success) return
      const frame = parsed.output
      switch (frame.type) {
        case 'hello':
          greeted = true
          // The conversation was closed (cleared) since: the server forgets its copy too.
          if (input.fresh) send({ type: 'reset' })
          sendBack({ type: 'socket.hello', provider: frame.provider })
          break
        case 'answer.delta':
          sendBack({ type: 'socket.delta', text: frame.text })
          break
        case 'answer.done':
          sendBack({ type: 'socket.done', sources: frame.sources })
          break
        case 'error':
          if (!greeted && frame.code === chatErrorCodes.tokenNotValid && !refreshed) {
            refreshed = true
            void authenticate(true)
            break
          }
          sendBack({ type: 'socket.error', detail: frame.detail, code: frame.code })
          break
      }
    })
    socket.addEventListener('close', () => {
      if (!stopped) sendBack({ type: 'socket.closed' })
    })

    receive((command) => send(command))

    return () => {
      stopped = true
      // Closing a socket that is still connecting makes browsers log an error: wait for open.
      if (socket.readyState === WebSocket.OPEN) socket.close(1000)
    }
  })
}
