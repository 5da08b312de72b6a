import { upgradeWebSocket } from '@hono/node-server'
import { Hono } from 'hono'
import { WebSocketServer } from 'ws'
import { clientIp } from '../http/client-ip.ts'
import { createChatConnection } from '../services/assistant/index.ts'
import type { RouteContext } from './context.ts'

/** Frames above the protocol's 4 KB get an error frame; ones above this end the connection (1009). */
const socketMaxPayloadBytes = 64 * 1024

/** The `ws` server that @hono/node-server's `serve({ websocket })` hands upgrades to. */
export const createChatSocketServer = () => new WebSocketServer({ noServer: true, maxPayload: socketMaxPayloadBytes })

/** WS /api/ai/chatbot: the chat protocol of contract/chat.ts; a plain GET answers 426. */
export function chatRoutes(ctx: RouteContext) {
  const { config, log, services } = ctx
  return new Hono().get(
    '/',
    upgradeWebSocket(
      (c) => {
        const ip = clientIp(c, config.trustProxy)
        let connection: ReturnType<typeof createChatConnection> | undefined
        return {
          onOpen(_event, ws) {
            connection = createChatConnection(
              ctx,
              services.chat,
              {
                send: (frame) => {
                  if (ws.readyState === 1) ws.send(JSON.stringify(frame))
                },
                close: (code, reason) => ws.close(code, reason),
              },
              ip,
            )
          },
          onMessage(event) {
            // hono hands binary frames over as ArrayBuffer, text frames as string.
            connection?.message(event.data, typeof event.data !== 'string')
          },
          onClose() {
            connection?.closed()
          },
          onError() {
            connection?.closed()
          },
        }
      },
      { onError: (error) => log.error('Chat: a websocket handler failed', error) },
    ),
    (c) => c.json({ detail: 'This address speaks the chat protocol over a WebSocket.' }, 426),
  )
}
