import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { UserData } from '~contract/auth.ts'
import { authDialogMachine, type LoginValues } from '@/features/auth/machines/auth-dialog.machine'

const user: UserData = { email: 'ana@example.com', access: 'a', refresh: 'r' }

function start(overrides: { login?: (values: LoginValues) => Promise<UserData>; signedIn?: (user: UserData) => void } = {}) {
  const machine = authDialogMachine.provide({
    actors: {
      login: fromPromise<UserData, LoginValues>(({ input }) => (overrides.login ?? (() => Promise.resolve(user)))(input)),
      register: fromPromise(() => Promise.resolve(user)),
      requestReset: fromPromise<unknown, { email: string }>(() => Promise.resolve(undefined)),
    },
  })
  const actor = createActor(machine)
  actor.on('signedIn', ({ userData }) => overrides.signedIn?.(userData))
  return actor.start()
}

describe('auth dialog machine (spec section 4)', () => {
  it('starts on the login panel', () => {
    expect(start().getSnapshot().value).toEqual({ login: 'idle' })
  })

  it('allows exactly the spec transitions', () => {
    const actor = start()
    const can = (type: string) => actor.getSnapshot().can({ type } as never)

    expect([can('SHOW_SIGNUP'), can('SHOW_FORGOT'), can('SHOW_LOGIN'), can('CONTINUE_WITH_EMAIL')]).toEqual([true, true, false, false])

    actor.send({ type: 'SHOW_SIGNUP' })
    expect(actor.getSnapshot().value).toBe('signup')
    expect([can('SHOW_LOGIN'), can('CONTINUE_WITH_EMAIL'), can('SHOW_FORGOT'), can('SHOW_SIGNUP')]).toEqual([true, true, false, false])

    actor.send({ type: 'CONTINUE_WITH_EMAIL' })
    expect(actor.getSnapshot().value).toEqual({ signupemail: 'idle' })
    expect([can('SHOW_LOGIN'), can('SHOW_SIGNUP'), can('SHOW_FORGOT')]).toEqual([false, false, false])

    const again = start()
    again.send({ type: 'SHOW_FORGOT' })
    expect(again.getSnapshot().value).toEqual({ forgetpass: 'idle' })
    expect(again.getSnapshot().can({ type: 'SHOW_SIGNUP' })).toBe(false)
    again.send({ type: 'SHOW_LOGIN' })
    expect(again.getSnapshot().value).toEqual({ login: 'idle' })
  })

  it('login success emits signedIn with the user and ends', async () => {
    const signedIn = vi.fn()
    const actor = start({ signedIn })
    actor.send({ type: 'SUBMIT_LOGIN', values: { email: user.email, password: 'secret1' } })
    expect(actor.getSnapshot().value).toEqual({ login: 'submitting' })
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(signedIn).toHaveBeenCalledWith(user)
  })

  it('login failure keeps the panel and stores the server detail', async () => {
    const actor = start({ login: () => Promise.reject({ detail: 'No active account found with the given credentials' }) })
    actor.send({ type: 'SUBMIT_LOGIN', values: { email: user.email, password: 'wrong-one' } })
    await waitFor(actor, (snapshot) => snapshot.matches({ login: 'idle' }))
    expect(actor.getSnapshot().context.error).toBe('No active account found with the given credentials')

    actor.send({ type: 'SHOW_FORGOT' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})

// The QA inspector (?inspect=1) sends any event the state takes with whatever payload was typed.
describe('submit events without the form values', () => {
  it('are not taken: the panel stays, no request goes out, asking does not throw', () => {
    const login = vi.fn(() => Promise.resolve(user))
    const actor = start({ login })
    const bare = (type: 'SUBMIT_LOGIN' | 'SUBMIT_SIGNUP' | 'SUBMIT_RESET') => ({ type }) as never

    expect(actor.getSnapshot().can(bare('SUBMIT_LOGIN'))).toBe(false)
    expect(actor.getSnapshot().can({ type: 'SUBMIT_LOGIN', values: { email: user.email } } as never)).toBe(false)
    actor.send(bare('SUBMIT_LOGIN'))
    expect(actor.getSnapshot().value).toEqual({ login: 'idle' })
    expect(login).not.toHaveBeenCalled()

    actor.send({ type: 'SHOW_SIGNUP' })
    actor.send({ type: 'CONTINUE_WITH_EMAIL' })
    expect(actor.getSnapshot().can(bare('SUBMIT_SIGNUP'))).toBe(false)
    actor.send(bare('SUBMIT_SIGNUP'))
    expect(actor.getSnapshot().value).toEqual({ signupemail: 'idle' })

    expect(actor.getSnapshot().status).toBe('active')

    const reset = start()
    reset.send({ type: 'SHOW_FORGOT' })
    expect(reset.getSnapshot().can(bare('SUBMIT_RESET'))).toBe(false)
    reset.send(bare('SUBMIT_RESET'))
    expect(reset.getSnapshot().value).toEqual({ forgetpass: 'idle' })
    expect(reset.getSnapshot().can({ type: 'SUBMIT_RESET', values: { email: user.email } })).toBe(true)
    expect(reset.getSnapshot().status).toBe('active')
  })
})
