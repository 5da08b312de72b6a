import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { chatMessages } from '~contract/chat.ts'
import { authStore } from '@/features/auth'
import { mockChat } from '../../mocks/chat-handlers'
import { renderRoute } from './support/render'

const question = 'How do I prepare for a behavioural interview?'

async function openChat(path = '/') {
  const view = await renderRoute(path)
  await view.user.click(await screen.findByRole('button', { name: 'Open chat' }))
  const drawer = await screen.findByRole('dialog', { name: 'Career assistant' })
  // Connected and greeted by the server: the credit bar names who answers.
  await within(drawer).findByText(mockChat.provider)
  const box = within(drawer).getByRole('textbox', { name: 'Message' })
  const log = within(drawer).getByRole('log', { name: 'Conversation' })
  return { ...view, drawer, box, log }
}

const stored = () => JSON.parse(localStorage.getItem('waypoint:chat') ?? 'null') as { chatHistory: { type: string; data: string }[] } | null

describe('chat drawer', () => {
  it('opens from the floating icon with the greeting, the message box and the credit bar; a guest authenticates first', async () => {
    const { drawer, box, log } = await openChat()
    expect(within(log).getByText(chatMessages.greeting)).toBeInTheDocument()
    expect(log).toHaveAttribute('aria-live', 'polite')
    expect(box).toHaveAttribute('placeholder', 'Send a message...')
    expect(box).toHaveAttribute('maxlength', '300')
    expect(box).toHaveFocus()
    expect(within(drawer).getByText('0/300')).toBeInTheDocument()
    expect(within(drawer).getByRole('button', { name: 'Send message' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Open chat' })).not.toBeInTheDocument()
    expect(mockChat.frames[0]).toEqual({ type: 'auth', guest: expect.stringMatching(/^[A-Za-z0-9]{16}$/) })
    // Nothing in the URL: the token travels in the first message only.
    expect(document.cookie).toContain(`guest_token=${(mockChat.frames[0] as { guest: string }).guest}`)
  })

  it('Enter sends; a spinner shows while waiting; the answer streams in with its sources and is stored', async () => {
    // Slow enough to see the spinner on a busy machine.
    mockChat.delayMs = 400
    const { user, box, log } = await openChat()
    await user.type(box, `${question}{Enter}`)
    expect(box).toHaveValue('')
    expect(within(log).getByText(question)).toBeInTheDocument()
    expect(await within(log).findByRole('status', { name: 'Waiting for the answer' })).toBeInTheDocument()
    expect(mockChat.frames).toContainEqual({ type: 'question', text: question })

    const link = await within(log).findByRole('link', { name: 'Answering behavioral interview questions with the STAR method' }, { timeout: 3000 })
    expect(link).toHaveAttribute('href', '/articles/answering-behavioral-questions-with-star')
    await within(log).findByText('Sources')
    expect(within(log).queryByRole('status', { name: 'Waiting for the answer' })).not.toBeInTheDocument()
    await waitFor(() => expect(stored()?.chatHistory.map((m) => m.type)).toEqual(['question', 'answer']))
    expect(stored()?.chatHistory[1]?.data).toContain('Here is what our library says about')
  })

  it('Enter on an empty box sends nothing; Ctrl+Enter adds a new line; the counter counts to 300', async () => {
    const { user, box, drawer } = await openChat()
    await user.type(box, '{Enter}')
    await user.type(box, '   {Enter}')
    expect(mockChat.frames.filter((f) => f.type === 'question')).toEqual([])

    await user.clear(box)
    await user.type(box, 'first{Control>}{Enter}{/Control}second')
    expect(box).toHaveValue('first\nsecond')
    expect(within(drawer).getByText('12/300')).toBeInTheDocument()
    expect(mockChat.frames.filter((f) => f.type === 'question')).toEqual([])

    await user.clear(box)
    await user.click(box)
    await user.paste('x'.repeat(320))
    expect(box).toHaveValue('x'.repeat(300))
    expect(within(drawer).getByText('300/300')).toBeInTheDocument()
  })

  it('renders answers as sanitised HTML: scripts and event handlers are inert, links open safely, line breaks stay', async () => {
    const win = window as unknown as { xss?: number }
    mockChat.answer = () => ({
      deltas: [
        'Line one\nLine <strong>two</strong> <img src=x onerror="window.xss=1">',
        '<script>window.xss=2</script><a href="/articles/star">STAR</a> ',
        '<a href="javascript:window.xss=3">bad</a><iframe src="https://example.org"></iframe><p onclick="window.xss=4">para</p>',
      ],
      sources: [],
    })
    const { user, box, log } = await openChat()
    await user.type(box, 'Show me{Enter}')
    await within(log).findByText('para')
    // Each piece re-renders the answer: look up its elements once the last piece is in.
    const star = within(log).getByRole('link', { name: 'STAR' })
    const answer = star.closest('div')!
    expect(answer.querySelector('img, script, iframe, [onerror], [onclick]')).toBeNull()
    expect(answer.innerHTML).toContain('Line one<br>Line <strong>two</strong>')
    expect(star).toHaveAttribute('target', '_blank')
    expect(star).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(log).getByText('bad')).not.toHaveAttribute('href')
    expect(win.xss).toBeUndefined()
  })

  it('a provider failure shows a clear message and the conversation continues', async () => {
    const detail = 'The AI provider is busy right now. Please try again in a moment.'
    let calls = 0
    const normal = mockChat.answer
    mockChat.answer = (text) => (++calls === 1 ? { error: detail } : normal(text))
    const { user, box, log } = await openChat()
    await user.type(box, 'First try{Enter}')
    expect(await within(log).findByText(detail)).toBeInTheDocument()
    await user.type(box, 'Second try{Enter}')
    await within(log).findByText('Sources', {}, { timeout: 3000 })
    expect(within(log).getAllByRole('link', { name: /STAR method/ })).toHaveLength(2)
  })

  it('Escape closes it, focus returns to the icon, and the conversation and stored history are cleared', async () => {
    const { user, box, log } = await openChat()
    await user.type(box, `${question}{Enter}`)
    await within(log).findByText('Sources', {}, { timeout: 3000 })
    await waitFor(() => expect(stored()).not.toBeNull())

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Career assistant' })).not.toBeInTheDocument())
    const launcher = screen.getByRole('button', { name: 'Open chat' })
    await waitFor(() => expect(launcher).toHaveFocus())
    expect(mockChat.frames).toContainEqual({ type: 'reset' })
    await waitFor(() => expect(localStorage.getItem('waypoint:chat')).toBeNull())

    await user.click(launcher)
    const drawer = await screen.findByRole('dialog', { name: 'Career assistant' })
    expect(within(drawer).queryByText(question)).not.toBeInTheDocument()
    expect(within(drawer).getByText(chatMessages.greeting)).toBeInTheDocument()
  })

  it('the close button closes it too', async () => {
    const { user, drawer } = await openChat()
    await user.click(within(drawer).getByRole('button', { name: 'Close chat' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Career assistant' })).not.toBeInTheDocument())
  })

  it('a signed-in user authenticates with the access token', async () => {
    authStore.signedIn({ email: 'ada@example.org', access: 'access.user-1.1', refresh: 'refresh.user-1.1' })
    await openChat()
    expect(mockChat.frames[0]).toEqual({ type: 'auth', token: 'access.user-1.1' })
  })

  it('shows the stored history on opening, without a trailing unanswered question', async () => {
    localStorage.setItem(
      'waypoint:chat',
      JSON.stringify({
        chatHistory: [
          { id: '1', type: 'question', data: 'Earlier question' },
          { id: '2', type: 'answer', data: 'Earlier <em>answer</em>' },
          { id: '3', type: 'question', data: 'Never answered' },
        ],
      }),
    )
    const { log } = await openChat()
    expect(within(log).getByText('Earlier question')).toBeInTheDocument()
    expect(within(log).getByText('answer').tagName).toBe('EM')
    expect(within(log).queryByText('Never answered')).not.toBeInTheDocument()
    expect(stored()?.chatHistory).toHaveLength(2)
    // The conversation goes on: the server keeps its copy (no reset).
    expect(mockChat.frames).not.toContainEqual({ type: 'reset' })
  })
})
