import { expect, test } from 'vitest'
import { createChatHistory, guestOwner } from '../../server/services/assistant/history.ts'
import { createRateLimiter } from '../../server/services/rate-limit.ts'
import { describeDbs } from './support/db.ts'

// Requests that arrive together share one database statement (server/lib/queue.ts): what each
// caller gets must be what it would get alone.
describeDbs('limits and chat history asked for at the same moment', (suite) => {
  test('eight events of one key at once: each is counted, and only those over the limit wait', async () => {
    const limiter = createRateLimiter(suite)
    const rule = { limit: 5, windowMs: 60_000 }
    const results = await Promise.all(Array.from({ length: 8 }, () => limiter.count('together:ip:203.0.113.9', rule)))
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(results.map((r) => r.wait !== undefined)).toEqual([false, false, false, false, false, true, true, true])
    // Other keys in the same moment keep their own counts.
    const [a, b, again] = await Promise.all([
      limiter.count('together:ip:198.51.100.1', rule),
      limiter.count('together:ip:198.51.100.2', rule),
      limiter.count('together:ip:203.0.113.9', rule),
    ])
    expect([a.count, b.count, again.count]).toEqual([1, 1, 9])
  })

  test('two conversations read at once: each gets its own turns, oldest first, up to its limit', async () => {
    const history = createChatHistory(suite)
    const [ana, bo] = [guestOwner('together-ana'), guestOwner('together-bo')]
    for (const n of [1, 2, 3]) await history.append(ana, { text: `Ana asks ${n}`, at: new Date() }, { text: `Answer ${n} to Ana`, sources: [] })
    await history.append(bo, { text: 'Bo asks, in Ελληνικά', at: new Date() }, { text: 'Answer to Bo', sources: [] })
    const [anaTurns, boTurns, nobody] = await Promise.all([
      history.recent(ana, 4),
      history.recent(bo, 10),
      history.recent(guestOwner('together-nobody'), 10),
    ])
    expect(anaTurns.map((t) => t.text)).toEqual(['Ana asks 2', 'Answer 2 to Ana', 'Ana asks 3', 'Answer 3 to Ana'])
    expect(boTurns).toEqual([
      { role: 'user', text: 'Bo asks, in Ελληνικά' },
      { role: 'assistant', text: 'Answer to Bo' },
    ])
    expect(nobody).toEqual([])
  })
})
