// A guest's chat connection for the benches: opens /api/ai/chatbot, signs in as a new guest and
// asks one question at a time, timing the first answer.delta and the answer.done.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Resolves to { provider, ask(text), close() } once the server said hello. */
export async function openGuestChat(baseUrl, { label = 'chat', timeoutMs = 10_000 } = {}) {
  const { default: WebSocket } = await import('ws')
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ai/chatbot`)
  const frames = []
  let wake = () => {}
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()))
    wake()
  })
  const next = async () => {
    const deadline = Date.now() + timeoutMs
    while (frames.length === 0) {
      if (Date.now() > deadline || socket.readyState > 1) throw new Error(`${label}: no answer within ${timeoutMs / 1000} s`)
      await new Promise((resolve) => {
        wake = resolve
        setTimeout(resolve, 100)
      })
    }
    return frames.shift()
  }
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  try {
    const guest = Array.from({ length: 16 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('')
    socket.send(JSON.stringify({ type: 'auth', guest }))
    const hello = await next()
    if (hello.type !== 'hello') throw new Error(`${label}: expected hello, got ${JSON.stringify(hello)}`)
    return {
      provider: hello.provider,
      /** The whole answer's HTML, ms to its first text and ms to its end. */
      async ask(text) {
        const started = performance.now()
        socket.send(JSON.stringify({ type: 'question', text }))
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
