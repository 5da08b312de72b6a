// The AI career assistant (issue 9 acceptance): the drawer loads on first use, asks the
// built-in assistant over the real websocket and gets a streamed answer citing library
// articles; an answer carrying markup attacks renders inert; keyboard and phone layout.

import type { Page, WebSocket } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectClean, setupBrowser } from './support/browser.ts'

const browser = setupBrowser()
const question = 'How do I prepare for a behavioural interview?'

/** Frames the page's chat socket sent and received, with when they passed (ms since the page opened). */
function recordChatFrames(page: Page) {
  const frames: { dir: 'sent' | 'received'; data: string; at: number }[] = []
  const sockets: WebSocket[] = []
  const start = performance.now()
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/ai/chatbot')) return
    sockets.push(socket)
    socket.on('framesent', (frame) => frames.push({ dir: 'sent', data: String(frame.payload), at: performance.now() - start }))
    socket.on('framereceived', (frame) => frames.push({ dir: 'received', data: String(frame.payload), at: performance.now() - start }))
  })
  return { frames, sockets, parsed: () => frames.map((f) => ({ ...f, frame: JSON.parse(f.data) as { type: string; [key: string]: unknown } })) }
}

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Open chat' }).click()
  const drawer = page.getByRole('dialog', { name: 'Career assistant' })
  await drawer.waitFor()
  return drawer
}

describe('chat drawer', () => {
  it('loads on first use, then answers a question from the library, streamed, citing its articles', async () => {
    const scripts: string[] = []
    const page = await browser.openPage('/', { waitUntil: 'networkidle' })
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    const chat = recordChatFrames(page)
    // Nothing of the drawer and no socket before it is wanted.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /chat-widget/.test(e.name)))).toBe(false)
    expect(chat.sockets).toHaveLength(0)

    const drawer = await openChat(page)
    expect(scripts.some((path) => /chat-widget/.test(path))).toBe(true)
    await drawer.getByText("Hi! I'm Waypoint's career assistant. Ask me about applications, interviews, salaries or living costs.").waitFor()
    await drawer.getByText("Powered by Waypoint's library").waitFor()
    const box = drawer.getByRole('textbox', { name: 'Message' })
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await box.getAttribute('placeholder')).toBe('Send a message...')

    await box.fill(question)
    await drawer.getByText(`${question.length}/300`).waitFor()
    await box.press('Enter')
    const log = drawer.getByRole('log', { name: 'Conversation' })
    await log.getByText(question).waitFor()
    const star = log.getByRole('link', { name: 'Answering behavioral interview questions with the STAR method' })
    await star.first().waitFor()
    await log.getByText('Sources', { exact: true }).first().waitFor()
    expect(await star.first().getAttribute('href')).toMatch(/^\/articles\/answering-behavioral-questions-with-star(#[a-z0-9-]+)?$/)
    expect(await star.first().getAttribute('target')).toBe('_blank')
    // Composed for the question: the answer, the sections it came from, then the next step.
    await log.getByText('Next step:').first().waitFor()

    const frames = chat.parsed()
    expect(frames[0]!.frame).toMatchObject({ type: 'auth', guest: expect.stringMatching(/^[A-Za-z0-9]{16}$/) })
    expect(chat.sockets[0]!.url()).not.toMatch(/token|guest/)
    const asked = frames.find((f) => f.dir === 'sent' && f.frame.type === 'question')!
    const deltas = frames.filter((f) => f.frame.type === 'answer.delta')
    expect(deltas.length).toBeGreaterThan(3)
    const done = frames.find((f) => f.frame.type === 'answer.done')!
    expect(done.frame.sources).toContainEqual({
      title: 'Answering behavioral interview questions with the STAR method',
      url: '/articles/answering-behavioral-questions-with-star',
    })
    // The budget is checked by the bench (chat_first_token_ms); this only reports it.
    console.log(`[e2e] chat: first answer text ${Math.round(deltas[0]!.at - asked.at)} ms after the question, ${deltas.length} pieces`)

    // The stored history survives a reload; the drawer shows it again when opened.
    await page.reload()
    const again = await openChat(page)
    await again.getByRole('log').getByText(question).waitFor()
    expectClean(page)
  })

  it('an answer carrying <img onerror> and <script> renders inert (socket answered by the test)', async () => {
    const page = await browser.context().newPage()
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.routeWebSocket(/\/api\/ai\/chatbot$/, (socket) => {
      socket.onMessage((message) => {
        const frame = JSON.parse(String(message)) as { type: string }
        if (frame.type === 'auth') socket.send(JSON.stringify({ type: 'hello', provider: 'Test provider' }))
        if (frame.type !== 'question') return
        const pieces = [
          'Careful <img src=x onerror="window.__xss=1;alert(1)">',
          '<script>window.__xss=2;alert(2)</script>',
          '<a href="javascript:window.__xss=3">click</a> <svg onload="window.__xss=4"></svg>',
          '<a href="/articles/negotiating-a-job-offer">safe link</a>',
        ]
        for (const text of pieces) socket.send(JSON.stringify({ type: 'answer.delta', text }))
        socket.send(JSON.stringify({ type: 'answer.done', sources: [] }))
      })
    })
    await page.goto('/privacy-policy')
    const drawer = await openChat(page)
    await drawer.getByText('Test provider').waitFor()
    await drawer.getByRole('textbox', { name: 'Message' }).fill('Show me something')
    await drawer.getByRole('button', { name: 'Send message' }).click()
    const log = drawer.getByRole('log')
    await log.getByRole('link', { name: 'safe link' }).waitFor()
    await page.waitForTimeout(300)
    expect(await log.locator('img, script, svg, [onerror], [onload]').count()).toBe(0)
    expect(await log.getByText('click').getAttribute('href')).toBeNull()
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
    expect(dialogs).toEqual([])
    // Chrome reports the blocked handlers of the parsed attack as CSP violations; the stored
    // conversation would replay them on the next page of this browser.
    await page.evaluate(() => localStorage.clear())
    await page.close()
  })

  it('works from the keyboard: Ctrl+Enter adds a line, Enter on empty does nothing, Escape closes and focus returns', async () => {
    const page = await browser.openPage('/about-us')
    const chat = recordChatFrames(page)
    const launcher = page.getByRole('button', { name: 'Open chat' })
    await launcher.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Career assistant' })
    await drawer.getByText("Powered by Waypoint's library").waitFor()
    const box = drawer.getByRole('textbox', { name: 'Message' })
    await page.keyboard.press('Enter')
    await page.keyboard.type('line one')
    await page.keyboard.press('Control+Enter')
    await page.keyboard.type('line two')
    expect(await box.inputValue()).toBe('line one\nline two')
    expect(chat.parsed().filter((f) => f.frame.type === 'question')).toEqual([])

    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    await expect.poll(() => launcher.evaluate((el) => el === document.activeElement)).toBe(true)
    // Closed, the chat connects to nothing.
    await expect.poll(() => chat.sockets.every((s) => s.isClosed())).toBe(true)
    expectClean(page)
  })

  it('on a phone the drawer takes the whole width; the icon leaves the footer forms reachable', async () => {
    const page = await browser.openPage('/', { width: 375, height: 812 })
    const launcher = page.getByRole('button', { name: 'Open chat' })
    const icon = (await launcher.boundingBox())!
    expect(icon.x + icon.width).toBeLessThanOrEqual(375 - 12)
    expect(icon.y + icon.height).toBeLessThanOrEqual(812 - 12)

    // At the very bottom, the newsletter form's button is not under the icon.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const subscribe = page.getByRole('contentinfo').getByRole('button', { name: /subscribe/i })
    if ((await subscribe.count()) > 0) {
      const box = (await subscribe.first().boundingBox())!
      const overlaps = box.x < icon.x + icon.width && box.x + box.width > icon.x && box.y < icon.y + icon.height && box.y + box.height > icon.y
      expect(overlaps).toBe(false)
    }

    const drawer = await openChat(page)
    // Once it has slid in.
    await expect.poll(async () => Math.round((await drawer.boundingBox())!.x)).toBe(0)
    expect((await drawer.boundingBox())!.width).toBeCloseTo(375, 1)
    expectClean(page)
  })
})
