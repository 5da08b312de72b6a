import { expect, test } from 'vitest'
import { builtinProviderLabel } from '~contract/chat.ts'
import { ChatClient, guestToken } from './chat-support.ts'
import { freePort, migratedDataDir, startServer } from './support/process.ts'

test('npm start serves the chat socket; on SIGTERM open chat sockets are told to reconnect (1001) and it exits', async () => {
  const port = await freePort()
  const server = startServer({ PORT: String(port), DATA_DIR: await migratedDataDir() })
  try {
    await server.waitFor('Waypoint is running on', 30_000)
    const client = await ChatClient.connect(`ws://127.0.0.1:${port}/api/ai/chatbot`)
    expect(await client.authenticate({ guest: guestToken(1) })).toEqual({ type: 'hello', provider: builtinProviderLabel })
    const answer = await client.ask('How do I prepare for a behavioural interview?')
    expect(answer.sources).toContainEqual(expect.objectContaining({ url: '/articles/answering-behavioral-questions-with-star' }))

    const started = Date.now()
    server.child.kill('SIGTERM')
    expect(await client.closed).toEqual({ code: 1001, reason: 'Server restarting' })
    expect(await server.exited).toBe(0)
    expect(Date.now() - started).toBeLessThan(5000)
  } finally {
    server.child.kill('SIGKILL')
  }
}, 60_000)
