import { Hono } from 'hono'
import {
  authMessages,
  authMessagesVerify,
  changePasswordRequest,
  loginRequest,
  logoutRequest,
  rateLimitMessages,
  refreshRequest,
  registerRequest,
  resetEmailRequest,
  resetPasswordRequest,
  updateMeRequest,
  verifyEmailRequest,
  type RefreshResponse,
  type UserData,
  type VerifyEmailResponse,
} from '~contract/auth.ts'
import { tokenNotValid, type AuthEnv } from '../http/auth.ts'
import { clientIp } from '../http/client-ip.ts'
import { detailError } from '../http/errors.ts'
import { siteOrigin } from '../http/origin.ts'
import { jsonBody } from '../http/validate.ts'
import { limitKeys, type User, refuseCommonPassword } from '../services/accounts/index.ts'
import { FieldError } from '../services/errors.ts'
import { refuseWhenLimited } from '../services/rate-limit.ts'
import type { RouteContext } from './context.ts'

/** Sign-up, sign-in, tokens, password reset and the signed-in user's own account. */
export function accountRoutes({ config, log, services, requireUser }: RouteContext) {
  const { accounts, tokens, limiter, passwords } = services
  const limits = config.rateLimits

  /**
   * Every request that hashes or checks a password counts against its client address before
   * any of that work starts, whatever its outcome.
   */
  async function countPasswordAttempt(ip: string, message: (retryAfterSeconds: number) => string) {
    refuseWhenLimited([await limiter.hit(limitKeys.passwordAttemptsIp(ip), limits.passwordAttemptsPerIp)], message)
  }

  /**
   * A password presented to sign in or to confirm a change. Wrong ones count per account and
   * address, per address, and per account from everywhere (a slower ceiling). While one of
   * them is at its limit even the right password is refused (429), so a guesser learns nothing;
   * the owner at another address is not held up by someone else's guesses until the ceiling.
   * When an existing account's wrong passwords reach a burst, its owner is told once.
   */
  async function checkPassword(user: Pick<User, 'passwordHash' | 'email'> | undefined, email: string, password: string, ip: string, origin: string) {
    const keys = [
      [limitKeys.signInAccountIp(email, ip), limits.signInFailuresPerAccountIp],
      [limitKeys.signInIp(ip), limits.signInFailuresPerIp],
      [limitKeys.signInAccount(email), limits.signInFailuresPerAccount],
    ] as const
    refuseWhenLimited(await Promise.all(keys.map(([key, rule]) => limiter.check(key, rule))), rateLimitMessages.signIn)
    const ok = user?.passwordHash ? await passwords.verify(user.passwordHash, password) : await passwords.verifyNothing(password)
    if (!ok) {
      const [, , account] = await Promise.all(keys.map(([key, rule]) => limiter.count(key, rule)))
      if (user && account!.count === limits.signInFailuresPerAccountIp.limit) {
        void accounts.warnOfFailures(user, account!.count, origin)
      }
    }
    return ok
  }

  /** current_password, required when the account has a password. */
  async function confirmCurrentPassword(user: User, currentPassword: string | undefined, ip: string, origin: string) {
    if (!user.passwordHash) return
    if (currentPassword === undefined) throw new FieldError({ current_password: [authMessages.currentPasswordRequired] })
    await countPasswordAttempt(ip, rateLimitMessages.passwordChange)
    if (!(await checkPassword(user, user.email, currentPassword, ip, origin))) {
      throw new FieldError({ current_password: [authMessages.currentPasswordWrong] })
    }
  }

  return new Hono<AuthEnv>()
    .post('/register', jsonBody(registerRequest), async (c) => {
      const { email, password } = c.req.valid('json')
      const ip = clientIp(c, config.trustProxy)
      refuseWhenLimited(
        await Promise.all([
          limiter.hit(limitKeys.registerIp(ip), limits.registerPerIp),
          limiter.hit(limitKeys.passwordAttemptsIp(ip), limits.passwordAttemptsPerIp),
        ]),
        rateLimitMessages.signUp,
      )
      refuseCommonPassword(password)
      const user = await accounts.register(email, password)
      if (!user) throw new FieldError({ email: [authMessages.emailTaken] })
      // The account works at once; the link that proves the address is mailed after the answer.
      void accounts.sendVerification(user, siteOrigin(c, config)).catch((error: unknown) => log.error('A confirmation mail could not be sent', error))
      const issued = await tokens.issue(user)
      return c.json({ email: user.email, ...issued } satisfies UserData, 201)
    })

    .post('/login', jsonBody(loginRequest), async (c) => {
      const { email, password } = c.req.valid('json')
      const ip = clientIp(c, config.trustProxy)
      await countPasswordAttempt(ip, rateLimitMessages.signIn)
      const user = await accounts.findByEmail(email)
      if (!(await checkPassword(user, email, password, ip, siteOrigin(c, config))) || !user) {
        throw detailError(401, authMessages.invalidCredentials)
      }
      // Each sign-in makes a session: a script holding the right password gets only a few.
      refuseWhenLimited([await limiter.hit(limitKeys.signInsAccount(user.id), limits.signInsPerAccount)], rateLimitMessages.signIn)
      const issued = await tokens.issue(user)
      return c.json({ email: user.email, ...issued } satisfies UserData, 200)
    })

    .post('/refresh', jsonBody(refreshRequest), async (c) => {
      const rotated = await tokens.rotate(c.req.valid('json').refresh)
      if (!rotated) throw tokenNotValid()
      return c.json({ access: rotated.access, refresh: rotated.refresh } satisfies RefreshResponse, 200)
    })

    .post('/logout', jsonBody(logoutRequest), async (c) => {
      await tokens.revoke(c.req.valid('json').refresh)
      return c.body(null, 204)
    })

    .post('/request-reset-password-email', jsonBody(resetEmailRequest), async (c) => {
      const email = c.req.valid('json').email.toLowerCase()
      const ip = clientIp(c, config.trustProxy)
      // Counted per address whether or not it has an account: a 429 tells nothing either.
      refuseWhenLimited(
        await Promise.all([
          limiter.hit(limitKeys.resetAddress(email), limits.resetPerAddress),
          limiter.hit(limitKeys.resetIp(ip), limits.resetPerIp),
        ]),
        rateLimitMessages.reset,
      )
      // Looked up and mailed after answering: the answer and its timing are the same either way.
      const origin = siteOrigin(c, config)
      void accounts.sendResetLink(email, origin).catch((error: unknown) => log.error('A password reset mail could not be sent', error))
      return c.json({ detail: authMessages.resetEmailSent }, 200)
    })

    .post('/reset-password-by-email', jsonBody(resetPasswordRequest), async (c) => {
      const { token, password } = c.req.valid('json')
      await countPasswordAttempt(clientIp(c, config.trustProxy), rateLimitMessages.passwordChange)
      refuseCommonPassword(password)
      if (!(await accounts.resetPassword(token, password, siteOrigin(c, config)))) {
        throw new FieldError({ token: [authMessages.resetTokenInvalid] })
      }
      return c.json({ detail: authMessages.passwordReset }, 200)
    })

    .get('/me', requireUser, async (c) => c.json(await accounts.me(c.var.user), 200))

    .patch('/me', requireUser, jsonBody(updateMeRequest), async (c) => {
      const { email, current_password } = c.req.valid('json')
      const user = c.var.user
      await confirmCurrentPassword(user, current_password, clientIp(c, config.trustProxy), siteOrigin(c, config))
      if (email !== user.email.toLowerCase()) {
        refuseWhenLimited(
          [await limiter.hit(limitKeys.verificationMailsAccount(user.id), limits.verificationMailsPerAccount)],
          rateLimitMessages.verification,
        )
      }
      // Takes effect when the link mailed to the new address is opened. Taken or not, the same is
      // stored and answered; only the mail to that address says which.
      await accounts.requestEmailChange(user, email, siteOrigin(c, config))
      return c.json(await accounts.me(user), 200)
    })

    .post('/verify-email', jsonBody(verifyEmailRequest), async (c) => {
      const outcome = await accounts.verifyEmail(c.req.valid('json').token)
      if (!outcome.ok) {
        throw new FieldError({
          token: [outcome.reason === 'taken' ? authMessagesVerify.addressTaken : authMessagesVerify.linkInvalid],
        })
      }
      const detail = outcome.changed ? authMessagesVerify.changed(outcome.email) : authMessagesVerify.verified
      return c.json({ detail, email: outcome.email } satisfies VerifyEmailResponse, 200)
    })

    .post('/me/verify-email', requireUser, async (c) => {
      const user = c.var.user
      if (await accounts.isVerified(user.id)) return c.json({ detail: authMessagesVerify.alreadyVerified }, 200)
      refuseWhenLimited(
        [await limiter.hit(limitKeys.verificationMailsAccount(user.id), limits.verificationMailsPerAccount)],
        rateLimitMessages.verification,
      )
      await accounts.sendVerification(user, siteOrigin(c, config))
      return c.json({ detail: authMessagesVerify.linkSent(user.email) }, 200)
    })

    .delete('/me', requireUser, async (c) => {
      await accounts.erase(c.var.user)
      return c.body(null, 204)
    })

    .post('/me/password', requireUser, jsonBody(changePasswordRequest), async (c) => {
      const { current_password, new_password } = c.req.valid('json')
      const user = c.var.user
      await confirmCurrentPassword(user, current_password, clientIp(c, config.trustProxy), siteOrigin(c, config))
      refuseCommonPassword(new_password, 'new_password')
      await accounts.changePassword(user, new_password, siteOrigin(c, config))
      return c.body(null, 204)
    })

    .get('/me/export', requireUser, async (c) => {
      const pieces = accounts.exportJson(c.var.user.id)
      // The account's own sections are read before answering: a failure there is a plain 500.
      const first = await pieces.next()
      const encoder = new TextEncoder()
      // Pulled as the client reads: a slow download holds at most a page of documents.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (first.done) controller.close()
          else controller.enqueue(encoder.encode(first.value))
        },
        async pull(controller) {
          try {
            const next = await pieces.next()
            if (next.done) controller.close()
            else controller.enqueue(encoder.encode(next.value))
          } catch (error) {
            // Headers are gone: the download ends short, as invalid JSON, never as a partial success.
            log.error('An account export failed while streaming', error)
            controller.error(error)
          }
        },
        async cancel() {
          await pieces.return(undefined)
        },
      })
      c.header('Content-Disposition', 'attachment; filename="waypoint-export.json"')
      return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' })
    })
}
