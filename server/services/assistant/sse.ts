/**
 * The `data` of each server-sent event of a response body (WHATWG EventSource parsing:
 * LF, CR or CRLF line ends, multi-line data joined with LF, comments and other fields skipped).
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []

  function* lines(final: boolean): Generator<string> {
    for (;;) {
      const end = buffer.search(/[\r\n]/)
      if (end < 0) break
      // A CR at the very end may be the first half of a CRLF still on its way.
      if (buffer[end] === '\r' && end === buffer.length - 1 && !final) break
      const line = buffer.slice(0, end)
      buffer = buffer.slice(end + (buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1))
      yield line
    }
    if (final && buffer) {
      yield buffer
      buffer = ''
    }
  }

  function* take(line: string): Generator<string> {
    if (line === '') {
      if (data.length > 0) yield data.join('\n')
      data = []
      return
    }
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    if (field === 'data') data.push(colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, ''))
  }

  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true })
    for (const line of lines(false)) yield* take(line)
  }
  buffer += decoder.decode()
  for (const line of lines(true)) yield* take(line)
  // A stream that ends without the blank line still delivers its last event.
  yield* take('')
}
