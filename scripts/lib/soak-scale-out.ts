// Phase 5 of `npm run test:soak` (see scripts/lib/soak-postgres.ts): two server processes on one
// PostgreSQL, traffic alternating between them: token rotation and reuse, the playlist, drafts and
// their versions, a burst of alternating traffic, chat while one restarts, the sign-in rate limit.

import { join } from 'node:path'
import type { UserData } from '../../contract/auth.ts'
import type { DetailError } from '../../contract/common.ts'
import type { HealthResponse } from '../../contract/health.ts'
import type { ArticleCard, Paginated } from '../../contract/library.ts'
import type { PlaylistItem } from '../../contract/playlist.ts'
import type { StoredResume } from '../../contract/resume.ts'
import { chatUrl, clientFrame, guestToken, serverFrame } from './chat-guest.ts'
import { soakResume as resumeData } from './sample-resume.ts'
import { startServer, type RunningServer } from './server-process.mjs'
import { brief, conflict, countBy, register, request, sleep, type Answer, type SoakUser } from './soak-http.ts'
import type { PhaseContext } from './soak-postgres.ts'

// ---------------------------------------------------------------------------------------
// 5. Scale-out: two processes on one PostgreSQL
// ---------------------------------------------------------------------------------------

const LOAD_MS = 6000
const ip = (n: number) => `198.51.100.${n}`

/** A guest chat socket that records what it hears. */
async function chatSocket(base: string, clientIp: string) {
  const { default: WebSocket } = await import('ws')
  const socket = new WebSocket(chatUrl(base), { headers: { 'x-forwarded-for': clientIp } })
  const state = { socket, hello: false, answers: 0, errors: [] as string[], closed: null as number | null, waiters: [] as (() => void)[] }
  const wake = () => {
    for (const w of state.waiters.splice(0)) w()
  }
  socket.on('open', () => socket.send(clientFrame({ type: 'auth', guest: guestToken() })))
  socket.on('message', (raw) => {
    const frame = serverFrame(raw)
    if (frame.type === 'hello') state.hello = true
    else if (frame.type === 'answer.done') state.answers += 1
    else if (frame.type === 'error') state.errors.push(frame.detail)
    wake()
  })
  socket.on('close', (code) => {
    state.closed = code
    wake()
  })
  socket.on('error', () => {})
  const until = async (ok: () => boolean, ms: number) => {
    const deadline = Date.now() + ms
    while (!ok() && Date.now() < deadline && state.closed === null) await Promise.race([new Promise<void>((r) => state.waiters.push(r)), sleep(100)])
    return ok()
  }
  await until(() => state.hello, 10_000)
  return {
    state,
    until,
    /** Asks and waits for answer.done (or an error frame, or the close). */
    async ask(text: string, ms = 15_000) {
      const answers = state.answers
      const errors = state.errors.length
      socket.send(clientFrame({ type: 'question', text }))
      await until(() => state.answers > answers || state.errors.length > errors, ms)
      return state.answers > answers
    },
    close: () => socket.close(),
  }
}

type PlaylistView = Pick<PlaylistItem, 'audioId' | 'title' | 'articleSlug' | 'position'>[]
const samePlaylist = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y)
const playlistView = (r: Answer<PlaylistItem[]>): PlaylistView =>
  Array.isArray(r.data) ? r.data.map((t) => ({ audioId: t.audioId, title: t.title, articleSlug: t.articleSlug, position: t.position })) : []

export async function scaleOutPhase({ pg, check, root, servers }: PhaseContext) {
  const url = await pg.database(`waypoint_soak_scale_${process.pid}`)
  // TRUST_PROXY=1 as behind a load balancer: each simulated client has its own address.
  const env = { AUDIO_PREGENERATE: '0', RATE_LIMIT_MULTIPLIER: '1', LOG_LEVEL: 'warn', DATABASE_URL: url, TRUST_PROXY: '1' }
  // Started together on a fresh database: one migrates (advisory lock), the other waits.
  const [a, b0] = await Promise.all([startServer({ dataDir: join(root, 'scale-a'), env }), startServer({ dataDir: join(root, 'scale-b'), env })])
  servers.push(a, b0)
  let b = b0
  const ha = await request<HealthResponse>(a.url, 'GET', '/api/health')
  const hb = await request<HealthResponse>(b.url, 'GET', '/api/health')
  console.log(`# scale-out: ${pg.label}; A pid ${a.pid} ${a.url}, B pid ${b.pid} ${b.url}`)
  check(
    'scale-out: two processes started together on a fresh database both answer on PostgreSQL',
    ha.status === 200 && hb.status === 200 && ha.data.db.driver === 'postgres' && hb.data.db.driver === 'postgres',
    `A ${brief(ha)}, B ${brief(hb)}`,
  )
  // Round robin over the two, as a load balancer would.
  let turn = 0
  const next = () => (turn++ % 2 === 0 ? a : b)
  const other = (s: RunningServer) => (s === a ? b : a)

  // Refresh-token rotation, alternating.
  {
    const failures: string[] = []
    const user = await register(a.url, 'rotate', ip(10))
    let previous: string | null = null
    let server = a
    for (let i = 0; i < 6; i++) {
      server = other(server)
      const r = await request<UserData>(server.url, 'POST', '/api/users/refresh', { body: { refresh: user.refresh }, ip: user.ip })
      if (r.status !== 200) {
        failures.push(`refresh ${i + 1} on ${server === a ? 'A' : 'B'}: ${brief(r)}`)
        break
      }
      previous = user.refresh
      Object.assign(user, { access: r.data.access, refresh: r.data.refresh })
      const me = await request<{ email: string }>(other(server).url, 'GET', '/api/users/me', { token: user.access, ip: user.ip })
      if (me.status !== 200 || me.data.email !== user.email) failures.push(`access from ${server === a ? 'A' : 'B'} on the other: ${brief(me)}`)
    }
    check(
      'scale-out: refresh tokens rotate alternately on both processes; each access token works on the other',
      failures.length === 0,
      failures.join(' | ') || '6 rotations A/B/A/B/A/B',
    )

    // Reuse of a rotated token on the process that did not rotate it.
    const reuse = await request(b.url, 'POST', '/api/users/refresh', { body: { refresh: previous }, ip: user.ip })
    const latest = await request(a.url, 'POST', '/api/users/refresh', { body: { refresh: user.refresh }, ip: user.ip })
    const meA = await request(a.url, 'GET', '/api/users/me', { token: user.access, ip: user.ip })
    const meB = await request(b.url, 'GET', '/api/users/me', { token: user.access, ip: user.ip })
    check(
      'scale-out: reusing a rotated refresh token ends that sign-in on both processes',
      reuse.status === 401 && latest.status === 401 && meA.status === 401 && meB.status === 401,
      `reuse on B ${reuse.status}, latest refresh on A ${latest.status}, its access token on A ${meA.status} and B ${meB.status}`,
    )

    // One token presented to both at the same moment: one rotation; the other is a reuse.
    const login = await request<UserData>(b.url, 'POST', '/api/users/login', { body: { email: user.email, password: user.password }, ip: user.ip })
    const both = await Promise.all(
      [a, b].map((s) => request<UserData>(s.url, 'POST', '/api/users/refresh', { body: { refresh: login.data?.refresh }, ip: user.ip })),
    )
    const winner = both.find((r) => r.status === 200)
    const after = winner ? await request(a.url, 'POST', '/api/users/refresh', { body: { refresh: winner.data?.refresh }, ip: user.ip }) : null
    const statuses = both.map((r) => r.status).sort()
    check(
      'scale-out: one refresh token used on both processes at once rotates once, and the second use revokes the sign-in',
      login.status === 200 && statuses.join() === '200,401' && after?.status === 401,
      `sign-in ${login.status}; A ${both[0]?.status}, B ${both[1]?.status}; the winner's new token then ${after?.status ?? 'not tried'}`,
    )
  }

  // Playlist.
  {
    const user = await register(b.url, 'playlist', ip(20))
    const slugs =
      (await request<Paginated<ArticleCard>>(a.url, 'GET', '/api/library/articles?page_size=6', { ip: user.ip })).data?.results.map((x) => x.slug) ??
      []
    const t = (s: { body?: unknown } = {}) => ({ token: user.access, ip: user.ip, ...s })
    const steps: string[] = []
    const step = (label: string, r: Answer<unknown>, want: number[]) => {
      steps.push(`${label} ${r.status}`)
      if (r.status === 'network' || !want.includes(r.status)) throw new Error(`${label}: ${brief(r)}`)
      return r
    }
    let ok = true
    let detail = ''
    try {
      for (let i = 0; i < 3; i++)
        step(
          `add ${i} on ${i % 2 ? 'B' : 'A'}`,
          await request((i % 2 ? b : a).url, 'POST', '/api/users/me/playlist', t({ body: { audioId: slugs[i] } })),
          [201],
        )
      const race = await Promise.all([a, b].map((s) => request(s.url, 'POST', '/api/users/me/playlist', t({ body: { audioId: slugs[3] } }))))
      const raced = race
        .map((r) => r.status)
        .sort()
        .join()
      steps.push(`same track on both at once ${raced}`)
      if (raced !== '201,409') throw new Error(`the same track added on both at once answered ${raced}`)
      const listA = playlistView(await request<PlaylistItem[]>(a.url, 'GET', '/api/users/me/playlist', t()))
      const listB = playlistView(await request<PlaylistItem[]>(b.url, 'GET', '/api/users/me/playlist', t()))
      if (!samePlaylist(listA, listB) || listA.map((x) => x.audioId).join() !== slugs.slice(0, 4).join())
        throw new Error(`A and B list ${JSON.stringify(listA)} vs ${JSON.stringify(listB)}`)
      const reversed = slugs.slice(0, 4).reverse()
      step('reorder on B', await request(b.url, 'PUT', '/api/users/me/playlist', t({ body: { audioIds: reversed } })), [200])
      step('position on A', await request(a.url, 'PUT', `/api/users/me/playlist/${slugs[1]}/position`, t({ body: { position: 42 } })), [204])
      step('remove on B', await request(b.url, 'DELETE', `/api/users/me/playlist/${slugs[2]}`, t()), [204])
      step('remove again on A', await request(a.url, 'DELETE', `/api/users/me/playlist/${slugs[2]}`, t()), [404])
      const endA = playlistView(await request<PlaylistItem[]>(a.url, 'GET', '/api/users/me/playlist', t()))
      const endB = playlistView(await request<PlaylistItem[]>(b.url, 'GET', '/api/users/me/playlist', t()))
      const order = reversed.filter((s) => s !== slugs[2])
      if (!samePlaylist(endA, endB)) throw new Error(`A and B differ: ${JSON.stringify(endA)} vs ${JSON.stringify(endB)}`)
      if (endA.map((x) => x.audioId).join() !== order.join()) throw new Error(`order ${endA.map((x) => x.audioId).join()} instead of ${order.join()}`)
      if (endA.find((x) => x.audioId === slugs[1])?.position !== 42) throw new Error('the position saved on A is not in the list')
      detail = `${steps.join(', ')}; both list ${order.length} tracks in the same order`
    } catch (err) {
      ok = false
      detail = `${(err as Error).message} (after ${steps.join(', ')})`
    }
    check('scale-out: the playlist stays the same on both processes (adds, a race, reorder, position, removal)', ok, detail)
  }

  // Drafts and their versions.
  {
    const user = await register(a.url, 'drafts', ip(30))
    const t = (s: { body?: unknown } = {}) => ({ token: user.access, ip: user.ip, ...s })
    const body = (title: string, version?: number) => ({
      title,
      template: 'cool',
      data: resumeData(title),
      ...(version === undefined ? {} : { version }),
    })
    let ok = true
    let detail = ''
    try {
      const made = await request<StoredResume>(a.url, 'POST', '/api/resumes', t({ body: body('Scale 0') }))
      if (made.status !== 201) throw new Error(`create on A: ${brief(made)}`)
      const id = made.data.id
      let version = made.data.version
      const first = version
      for (let i = 1; i <= 8; i++) {
        const s = i % 2 ? b : a
        const r = await request<StoredResume>(s.url, 'PUT', `/api/resumes/${id}`, t({ body: body(`Scale ${i}`, version) }))
        if (r.status !== 200) throw new Error(`save ${i} on ${s === a ? 'A' : 'B'}: ${brief(r)}`)
        version = r.data.version
      }
      const stale = await request(a.url, 'PUT', `/api/resumes/${id}`, t({ body: body('Stale', first) }))
      if (stale.status !== 409 || conflict(stale)?.current.version !== version) throw new Error(`a stale save on A: ${brief(stale)}`)
      const race = await Promise.all(
        [a, b].map((s, n) => request<StoredResume>(s.url, 'PUT', `/api/resumes/${id}`, t({ body: body(`Race ${n}`, version) }))),
      )
      const raced = race
        .map((r) => r.status)
        .sort()
        .join()
      const won = race.find((r) => r.status === 200)?.data
      if (raced !== '200,409' || !won) throw new Error(`two saves of version ${version} on both at once answered ${raced}`)
      const [readA, readB] = (await Promise.all([a, b].map((s) => request<StoredResume>(s.url, 'GET', `/api/resumes/${id}`, t())))) as [
        Answer<StoredResume>,
        Answer<StoredResume>,
      ]
      if (
        readA.data?.version !== won.version ||
        readB.data?.version !== won.version ||
        readA.data.title !== won.title ||
        readB.data.title !== won.title
      ) {
        throw new Error(`after the race A reads ${brief(readA)}, B reads ${brief(readB)}, the winner was v${won.version} "${won.title}"`)
      }
      detail = `9 saves alternating A/B to v${version}, a stale one 409 with the current copy, a race ${raced}, both read v${won.version} "${won.title}"`
    } catch (err) {
      ok = false
      detail = (err as Error).message
    }
    check('scale-out: drafts keep one version history across processes (alternating saves, stale 409, a race won once)', ok, detail)
  }

  // Alternating traffic from several users; every acknowledged save read back from both.
  {
    const users: (SoakUser & { drafts: string[] })[] = []
    for (let i = 0; i < 4; i++) users.push({ ...(await register(next().url, `alt${i}`, ip(41 + i))), drafts: [] })
    const acked = new Map<string, { u: SoakUser; version: number; title: string }>()
    const problems: string[] = []
    const counts = new Map<number | 'network', number>()
    let n = 0
    // A save may meet the account's write-rate limit (120 a minute): a 429 with Retry-After is the
    // server's honest answer, nothing acknowledged and nothing lost; any other refusal is a problem.
    const note = <T>(label: string, r: Answer<T>, want: number[]): Answer<T> => {
      counts.set(r.status, (counts.get(r.status) ?? 0) + 1)
      const limited = r.status === 429 && (label === 'create' || label === 'save') && Number(r.retryAfter) > 0
      if ((r.status === 'network' || !want.includes(r.status)) && !limited) problems.push(`${label}: ${brief(r)}`)
      return r
    }
    const end = Date.now() + LOAD_MS
    await Promise.all(
      users.map(async (u) => {
        while (Date.now() < end) {
          const s = next()
          const t = { token: u.access, ip: u.ip }
          const kind = n++ % 4
          if (kind === 0) {
            const r = note('refresh', await request<UserData>(s.url, 'POST', '/api/users/refresh', { body: { refresh: u.refresh }, ip: u.ip }), [200])
            if (r.status === 200) Object.assign(u, { access: r.data.access, refresh: r.data.refresh })
          } else if (kind === 1) {
            note('me', await request(s.url, 'GET', '/api/users/me', t), [200])
          } else {
            const title = `Alt ${n}`
            const id = u.drafts.length < 2 ? null : u.drafts[n % 2]
            if (!id) {
              const r = note(
                'create',
                await request<StoredResume>(s.url, 'POST', '/api/resumes', { ...t, body: { title, template: 'cool', data: resumeData(title) } }),
                [201],
              )
              if (r.status === 201) {
                u.drafts.push(r.data.id)
                acked.set(r.data.id, { u, version: r.data.version, title })
              }
            } else {
              const r = note(
                'save',
                await request<StoredResume>(s.url, 'PUT', `/api/resumes/${id}`, {
                  ...t,
                  body: { title, template: 'cool', data: resumeData(title), version: acked.get(id)?.version },
                }),
                [200],
              )
              if (r.status === 200) acked.set(id, { u, version: r.data.version, title })
            }
          }
        }
      }),
    )
    let lost = 0
    for (const [id, want] of acked) {
      for (const s of [a, b]) {
        const r = await request<StoredResume>(s.url, 'GET', `/api/resumes/${id}`, { token: want.u.access, ip: want.u.ip })
        if (!(r.status === 200 && r.data.version === want.version && r.data.title === want.title)) {
          lost += 1
          if (problems.length < 10) problems.push(`draft ${id} on ${s === a ? 'A' : 'B'}: acknowledged v${want.version}, read ${brief(r)}`)
        }
      }
    }
    check(
      'scale-out: alternating traffic (refresh, profile, draft saves) has no 5xx and loses no write (saves over the write limit answered 429 with Retry-After)',
      problems.length === 0 && lost === 0 && acked.size > 0,
      `${n} requests in ${LOAD_MS / 1000} s (${[...counts].map(([s, c]) => `${s}×${c}`).join(' ')}); ${acked.size} drafts read back from both, ${lost} differ${problems.length ? `; ${problems.slice(0, 3).join(' | ')}` : ''}`,
    )
  }

  // A chat on A while B restarts.
  {
    const onA = await chatSocket(a.url, ip(50))
    const onB = await chatSocket(b.url, ip(51))
    const baseline = onA.state.hello && onB.state.hello && (await onA.ask('How do I prepare for a behavioural interview?'))
    let restarting = true
    let answeredDuring = 0
    let asked = 0
    const questions = ['How should I negotiate a job offer?', 'Where do I find an internship?', 'How do I write a cover letter?'] as const
    // Within the per-connection limit (20 a minute): at most 15 questions.
    const asking = (async () => {
      while (restarting && asked < 15) {
        if (await onA.ask(questions[asked++ % questions.length] ?? questions[0])) answeredDuring += 1
        await sleep(150)
      }
    })()
    const port = b.port
    const stopAt = Date.now()
    const stopped = await b.stop()
    let restarted: RunningServer | null = null
    let restartError: string | null = null
    try {
      restarted = await startServer({ dataDir: join(root, 'scale-b'), env, port })
      servers.push(restarted)
      b = restarted
    } catch (err) {
      restartError = (err as Error).message.split('\n').slice(0, 4).join(' / ')
    }
    const restartMs = Date.now() - stopAt
    restarting = false
    await asking
    const bClosed = await onB.until(() => onB.state.closed !== null, 5000)
    check(
      'scale-out: a chat websocket on A keeps answering while B restarts',
      baseline && onA.state.closed === null && onA.state.errors.length === 0 && answeredDuring > 0 && restarted !== null,
      `B stopped (${stopped.signal ?? `exit ${stopped.code}`}) and was back in ${restartMs} ms${restartError ? ` (restart failed: ${restartError})` : ''}; A answered ${answeredDuring} of ${asked} questions meanwhile, ` +
        `${onA.state.errors.length} error frames${onA.state.errors.length ? ` (${onA.state.errors.slice(0, 2).join('; ')})` : ''}, socket ${onA.state.closed === null ? 'still open' : `closed ${onA.state.closed}`}`,
    )
    let again = false
    if (restarted) {
      const fresh = await chatSocket(restarted.url, ip(52))
      again = fresh.state.hello && (await fresh.ask('How do I write a cover letter?'))
      fresh.close()
    }
    check(
      "scale-out: B's chat sockets are closed with 1001 on its stop, and the restarted B serves chat",
      bClosed && onB.state.closed === 1001 && again,
      `B's socket closed ${onB.state.closed ?? 'never'}; a new socket on the restarted B ${again ? 'got an answer' : 'got no answer'}`,
    )
    onA.close()
  }

  // The sign-in rate limit, counted across both (last: it locks this address and account out).
  {
    // Fixed windows (1 min per address, 15 min per account): not across a quarter-hour edge.
    const toEdge = 15 * 60_000 - (Date.now() % (15 * 60_000))
    if (toEdge < 5000) await sleep(toEdge + 250)
    const user = await register(a.url, 'limit', ip(60))
    const attacker = ip(61)
    const statuses: (number | 'network')[] = []
    for (let i = 0; i < 10; i++) {
      const s = i % 2 ? b : a
      statuses.push(
        (await request(s.url, 'POST', '/api/users/login', { body: { email: user.email, password: 'wrong-passphrase-123' }, ip: attacker })).status,
      )
    }
    const limited = await request(a.url, 'POST', '/api/users/login', { body: { email: user.email, password: 'wrong-passphrase-123' }, ip: attacker })
    const right = await request<DetailError>(b.url, 'POST', '/api/users/login', {
      body: { email: user.email, password: user.password },
      ip: attacker,
    })
    check(
      'scale-out: the sign-in rate limit counts failures from both processes together',
      statuses.every((s) => s === 401) && limited.status === 429 && Number(limited.retryAfter) > 0 && right.status === 429,
      `10 wrong passwords alternating A/B: ${countBy(
        statuses.map((s) => ({ s })),
        (x) => x.s,
      )}; the 11th on A ${limited.status} (Retry-After ${limited.retryAfter}), then the right password on B ${right.status} ${right.data?.detail ?? ''}`,
    )
  }

  const outputs = [a, b0, b].map((s) => s.output()).join('\n')
  const crashes = outputs.split('\n').filter((line) => /Unhandled promise rejection|uncaught|FATAL ERROR|failed$/i.test(line))
  check('scale-out: no process logged an error', crashes.length === 0, crashes.length ? crashes.slice(0, 3).join(' | ') : `A, B and the restarted B`)
  await Promise.all([a.stop(), b.stop()])
}
