// The QA inspector (?inspect=1) beside the live app: it asks every machine whether it takes
// each event (often without the payload the machine expects) and must never take the page
// down with it.

import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createActor, setup } from 'xstate'
import { inspect } from '@/lib/inspection'
import { mockChat } from '../../mocks/chat-handlers'
import { renderRoute } from './support/render'

vi.mock('@/lib/inspection-flag', () => ({ inspectorEnabled: true, INSPECTOR_SETTING_KEY: 'waypoint:inspector' }))

const question = 'How do I prepare for a behavioural interview?'

async function openChatWithInspector() {
  const view = await renderRoute('/')
  await view.user.click(await screen.findByRole('button', { name: 'Open chat' }))
  const drawer = await screen.findByRole('dialog', { name: 'Career assistant' })
  await within(drawer).findByText(mockChat.provider)
  const inspector = screen.getByRole('complementary', { name: 'State machine inspector' })
  const chat = await within(inspector).findByRole('region', { name: 'Actor chat' })
  return { ...view, drawer, chat }
}

describe('state machine inspector', () => {
  it('shows the open chat without breaking the page; SEND waits for a text payload, then asks', async () => {
    const { user, drawer, chat } = await openChatWithInspector()
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
    const send = within(chat).getByRole('button', { name: 'SEND' })
    expect(send).toBeDisabled()

    // The page's own chat still works beside it.
    const box = within(drawer).getByRole('textbox', { name: 'Message' })
    await user.type(box, `${question}{Enter}`)
    const log = within(drawer).getByRole('log', { name: 'Conversation' })
    await within(log).findByText('Sources')

    // QA asks through the inspector: with the payload the event is taken like the page's own.
    await user.click(within(chat).getByLabelText('Event payload (JSON, added to the event you send)'))
    await user.paste('{"text": "How do I write a CV?"}')
    await waitFor(() => expect(send).toBeEnabled())
    await user.click(send)
    // The question, then its answer (which names it again) with its sources.
    await waitFor(() => expect(within(log).getAllByText('Sources')).toHaveLength(2))
    expect(within(log).getAllByText('How do I write a CV?').length).toBeGreaterThan(0)
    expect(mockChat.frames.filter((f) => f.type === 'question')).toEqual([
      { type: 'question', text: question },
      { type: 'question', text: 'How do I write a CV?' },
    ])
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
  })

  it('a machine whose guard throws on a bare event, or that cannot be shown, stays inside its card', async () => {
    const { drawer } = await openChatWithInspector()
    // Any machine written without care for a missing payload.
    const careless = setup({
      types: { events: {} as { type: 'ASK'; text: string } },
      guards: { hasText: ({ event }) => event.text.trim().length > 0 },
    }).createMachine({ id: 'careless', initial: 'waiting', states: { waiting: { on: { ASK: { guard: 'hasText', target: 'asked' } } }, asked: {} } })
    // Context the panel cannot print (JSON has no BigInt).
    const unprintable = setup({}).createMachine({ id: 'unprintable', context: { total: 10n } })
    const actors = [createActor(careless, { inspect }).start(), createActor(unprintable, { inspect }).start()]

    const inspector = screen.getByRole('complementary', { name: 'State machine inspector' })
    const carelessCard = await within(inspector).findByRole('region', { name: 'Actor careless' })
    expect(within(carelessCard).getByRole('button', { name: 'ASK' })).toBeDisabled()
    const unprintableCard = await within(inspector).findByRole('region', { name: 'Actor unprintable' })
    expect(within(unprintableCard).getByRole('alert')).toHaveTextContent('The inspector could not show this machine')

    // The chat's card and the page are untouched.
    expect(within(inspector).getByRole('region', { name: 'Actor chat' })).toBeInTheDocument()
    expect(within(drawer).getByRole('textbox', { name: 'Message' })).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
    for (const actor of actors) actor.stop()
  })
})
