import { assign, emit, fromPromise, setup } from 'xstate'
import type { UserData } from '~contract/auth.ts'

export type LoginValues = { email: string; password: string; path?: string }
export type SignUpValues = { email: string; password: string }
export type ResetValues = { email: string }

export type AuthDialogEvent =
  | { type: 'SHOW_SIGNUP' }
  | { type: 'SHOW_LOGIN' }
  | { type: 'SHOW_FORGOT' }
  | { type: 'CONTINUE_WITH_EMAIL' }
  | { type: 'SUBMIT_LOGIN'; values: LoginValues }
  | { type: 'SUBMIT_SIGNUP'; values: SignUpValues }
  | { type: 'SUBMIT_RESET'; values: ResetValues }

/** What the dialog tells the page: store the user and forward, or confirm the reset e-mail. */
export type AuthDialogEmitted = { type: 'signedIn'; userData: UserData } | { type: 'resetEmailSent' }

export type AuthDialogContext = {
  /** The server's detail for the last failed request, shown under the form (spec section 3). */
  error: string | null
  /** Field errors from the server, e.g. `{ email: ['...'] }`. */
  fieldErrors: Record<string, string[]>
}

type Failure = { detail?: string; fieldErrors?: Record<string, string[]>; message?: string }

function describe(error: unknown): Pick<AuthDialogContext, 'error' | 'fieldErrors'> {
  const failure = (error ?? {}) as Failure
  return { error: failure.detail ?? failure.message ?? 'Something went wrong. Please try again.', fieldErrors: failure.fieldErrors ?? {} }
}

/**
 * The event carries the form's values with these text fields. The types promise them, but an
 * event can come without its payload (the QA inspector sends any event the state takes).
 */
function carriesValues(event: AuthDialogEvent, fields: string[]): boolean {
  const values: unknown = (event as { values?: unknown }).values
  return typeof values === 'object' && values !== null && fields.every((name) => typeof (values as Record<string, unknown>)[name] === 'string')
}

/**
 * The authentication dialog of spec sections 2 and 4: four panels (login, signup,
 * signupemail, forgetpass) and exactly the spec's transitions between them; each form
 * panel is idle or submitting. The requests are actors so tests and QA can swap them; the
 * outcome is emitted for the page to act on.
 */
export const authDialogMachine = setup({
  types: {
    context: {} as AuthDialogContext,
    events: {} as AuthDialogEvent,
    emitted: {} as AuthDialogEmitted,
  },
  actors: {
    login: fromPromise<UserData, LoginValues>(() => Promise.reject(new Error('login actor not provided'))),
    register: fromPromise<UserData, SignUpValues>(() => Promise.reject(new Error('register actor not provided'))),
    requestReset: fromPromise<unknown, ResetValues>(() => Promise.reject(new Error('requestReset actor not provided'))),
  },
  guards: {
    hasLoginValues: ({ event }) => carriesValues(event, ['email', 'password']),
    hasSignUpValues: ({ event }) => carriesValues(event, ['email', 'password']),
    hasResetValues: ({ event }) => carriesValues(event, ['email']),
  },
  actions: {
    clearError: assign({ error: null, fieldErrors: {} }),
    signedIn: emit((_, userData: UserData) => ({ type: 'signedIn' as const, userData })),
    resetEmailSent: emit({ type: 'resetEmailSent' as const }),
  },
}).createMachine({
  id: 'authDialog',
  initial: 'login',
  context: { error: null, fieldErrors: {} },
  states: {
    login: {
      initial: 'idle',
      exit: 'clearError',
      on: {
        SHOW_SIGNUP: 'signup',
        SHOW_FORGOT: 'forgetpass',
      },
      states: {
        idle: {
          on: { SUBMIT_LOGIN: { guard: 'hasLoginValues', target: 'submitting' } },
        },
        submitting: {
          entry: 'clearError',
          invoke: {
            src: 'login',
            input: ({ event }) => (event as Extract<AuthDialogEvent, { type: 'SUBMIT_LOGIN' }>).values,
            onDone: { target: '#authDialog.signedIn', actions: { type: 'signedIn', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: assign(({ event }) => describe(event.error)) },
          },
        },
      },
    },
    signup: {
      on: {
        SHOW_LOGIN: 'login',
        CONTINUE_WITH_EMAIL: 'signupemail',
      },
    },
    signupemail: {
      initial: 'idle',
      exit: 'clearError',
      states: {
        idle: {
          on: { SUBMIT_SIGNUP: { guard: 'hasSignUpValues', target: 'submitting' } },
        },
        submitting: {
          entry: 'clearError',
          invoke: {
            src: 'register',
            input: ({ event }) => (event as Extract<AuthDialogEvent, { type: 'SUBMIT_SIGNUP' }>).values,
            onDone: { target: '#authDialog.signedIn', actions: { type: 'signedIn', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: assign(({ event }) => describe(event.error)) },
          },
        },
      },
    },
    forgetpass: {
      initial: 'idle',
      exit: 'clearError',
      on: {
        SHOW_LOGIN: 'login',
      },
      states: {
        idle: {
          on: { SUBMIT_RESET: { guard: 'hasResetValues', target: 'submitting' } },
        },
        submitting: {
          entry: 'clearError',
          invoke: {
            src: 'requestReset',
            input: ({ event }) => (event as Extract<AuthDialogEvent, { type: 'SUBMIT_RESET' }>).values,
            onDone: { target: 'idle', actions: 'resetEmailSent' },
            onError: { target: 'idle', actions: assign(({ event }) => describe(event.error)) },
          },
        },
      },
    },
    signedIn: {
      type: 'final',
    },
  },
})
