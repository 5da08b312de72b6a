// `npm run check:fresh-machine` (run by .ci/run after the test suite): the newcomer's path. The
// built server runs with nothing on PATH but node (no espeak-ng, no lame, no festival), so it
// narrates with the bundled engine while it serves the requests a visitor makes: health, the
// library, an article, a chat question. It fails if the server dies, stops answering, or any
// article's narration fails; it prints the figures and 'N passed, N failed'.
//
// FRESH_CHECK_TIMEOUT_S (default 1800) bounds the whole run. FRESH_CHECK_ARTICLES (default 20) is
// how many articles must be narrated, none failing, before it stops: more than mespeak's old
// breaking point (about 80 runs in one instance, two or three articles), fewer than the whole
// library so the check stays inside CI's time. 'all' waits for every article.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { ensureBuild } from './build-if-needed.mjs'
import { startServer } from './lib/server-process.mjs'

const timeoutS = Number(process.env.FRESH_CHECK_TIMEOUT_S ?? 1800)
const wanted = process.env.FRESH_CHECK_ARTICLES ?? '20'
const results = []
const check = (name, ok, detail = '') => {
  results.push({ name, ok })
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`)
}

const rssKb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN)
  } catch {
    return Number.NaN
  }
}

/** Every article card, page by page (the list answers at most 100 a page). */
async function allCards(url) {
  const cards = []
  for (let page = 1; ; page++) {
    const { results, count } = await getJson(`${url}/api/library/articles?page_size=100&page=${page}`)
    cards.push(...results)
    if (results.length === 0 || cards.length >= count) return cards
  }
}

async function getJson(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return response.json()
}

/** One question over the chat websocket, auth and question sent together; resolves to the answer text. */
function ask(url, question) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ai/chatbot`)
    let text = ''
    const timer = setTimeout(() => {
      socket.terminate()
      reject(new Error('no answer within 20 s'))
    }, 20_000)
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'auth', guest: 'freshmachine0001' }))
      socket.send(JSON.stringify({ type: 'question', text: question }))
    })
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data))
      if (frame.type === 'answer.delta') text += frame.text
      if (frame.type === 'error') {
        clearTimeout(timer)
        socket.close()
        reject(new Error(frame.detail))
      }
      if (frame.type === 'answer.done') {
        clearTimeout(timer)
        socket.close()
        resolve(text)
      }
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

await ensureBuild({ label: 'fresh-machine' })

// A PATH with node alone: what a machine without Debian's speech packages offers.
const bin = mkdtempSync(join(tmpdir(), 'waypoint-fresh-bin-'))
symlinkSync(process.execPath, join(bin, 'node'))
const dataDir = mkdtempSync(join(tmpdir(), 'waypoint-fresh-data-'))
mkdirSync(dataDir, { recursive: true })
const server = await startServer({
  dataDir,
  env: { PATH: bin, AUDIO_ENGINE: undefined, AUDIO_PREGENERATE: '1', LOG_LEVEL: 'info' },
  timeoutMs: 120_000,
})
console.log(`server up at ${server.url} in ${Math.round(server.startMs)} ms (pid ${server.pid})`)

const started = Date.now()
let requests = 0
let requestFailures = 0
let slowest = 0
let chatAnswers = 0
let chatFailures = 0
let rounds = 0
let lastQuestion = 0
let firstRss
let lastRss
let statuses = {}
let total = 0
let target = 0
let articleSlug

try {
  const { results: firstPage } = await getJson(`${server.url}/api/library/articles?page_size=100`)
  articleSlug = firstPage[0]?.slug
  while (Date.now() - started < timeoutS * 1000 && !server.exited()) {
    rounds++
    for (const path of ['/api/health', '/api/library/categories', `/api/articles/${articleSlug}`, '/api/search?title=interview']) {
      const before = performance.now()
      try {
        requests++
        await getJson(`${server.url}${path}`)
      } catch (error) {
        requestFailures++
        console.log(`  ${path}: ${error.message}`)
      }
      slowest = Math.max(slowest, performance.now() - before)
    }
    // A question every 45 s: a visitor's pace, inside the assistant's 60 an hour even over 30 minutes.
    if (Date.now() - lastQuestion >= 45_000) {
      lastQuestion = Date.now()
      try {
        const answer = await ask(server.url, 'How do I answer behavioral interview questions?')
        if (answer.trim().length > 40) chatAnswers++
        else chatFailures++
      } catch (error) {
        chatFailures++
        console.log(`  chat: ${error.message}`)
      }
    }
    const cards = await allCards(server.url).catch(() => undefined)
    if (cards) {
      total = cards.length
      target = wanted === 'all' ? total : Math.min(total, Number(wanted))
      statuses = {}
      for (const card of cards) statuses[card.audio.status] = (statuses[card.audio.status] ?? 0) + 1
      if (firstRss === undefined && (statuses.ready ?? 0) > 0) firstRss = rssKb(server.pid)
      if ((statuses.failed ?? 0) > 0 || (statuses.ready ?? 0) >= target) break
    }
    if (rounds % 15 === 0)
      console.log(
        `  ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(statuses)}, server RSS ${Math.round(rssKb(server.pid) / 1024)} MB`,
      )
    await new Promise((resolve) => setTimeout(resolve, 2_000))
  }
  lastRss = rssKb(server.pid)
} finally {
  const exited = server.exited()
  check('the server stays up while it narrates', !exited, exited ? `it exited (${exited.signal ?? exited.code})` : '')
  check(
    `${target === total ? 'every article' : `${target} articles`} narrated with the bundled engine, none failed`,
    target > 0 && (statuses.ready ?? 0) >= target && !statuses.failed,
    `${JSON.stringify(statuses)} of ${total} in ${Math.round((Date.now() - started) / 1000)} s`,
  )
  check(
    'health, library, article and search answer throughout',
    requests > 0 && requestFailures === 0,
    `${requests} requests, ${requestFailures} failed, slowest ${Math.round(slowest)} ms`,
  )
  check('the assistant answers while narration runs', chatAnswers > 0 && chatFailures === 0, `${chatAnswers} answers, ${chatFailures} failed`)
  const growth = firstRss && lastRss ? (lastRss - firstRss) / firstRss : Number.NaN
  check(
    'server memory stays flat',
    Number.isFinite(growth) && growth < 0.2,
    `${Math.round(firstRss / 1024)} MB after the first article, ${Math.round(lastRss / 1024)} MB after the last (${(growth * 100).toFixed(1)}%)`,
  )
  const output = server.output()
  const engineLine = /Audio: narrating \d+ articles in the background with (\S+)/.exec(output)
  check(
    'the engine on a bare PATH is the bundled mespeak',
    engineLine?.[1] === 'mespeak',
    engineLine ? engineLine[1] : 'no narration line in the log',
  )
  await server.stop()
  rmSync(bin, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
  if (results.some((r) => !r.ok)) console.log(`--- server output (last 4 KB) ---\n${output.slice(-4096)}`)
  const failed = results.filter((r) => !r.ok).length
  console.log(`${results.length - failed} passed, ${failed} failed`)
  process.exitCode = failed > 0 ? 1 : 0
}
