import type { Hono, MiddlewareHandler } from 'hono'
import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import type { AuthEnv, UserOrGuestEnv } from '../http/auth.ts'
import type { Log } from '../log.ts'
import type { AppServices } from '../services/index.ts'

/** What every route factory gets: settings, the log and the clock, the app's services, and its auth middleware. */
export type RouteContext = {
  config: Config
  log: Log
  clock: Clock
  services: AppServices
  /** Signed-in users only: `c.var.user`. */
  requireUser: MiddlewareHandler<AuthEnv>
  /** Signed-in users or guests: `c.var.user` or `c.var.guestToken`. */
  requireUserOrGuest: MiddlewareHandler<UserOrGuestEnv>
}

/** The one shape of a module in server/routes: its routes, built from the context, for app.route(). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteFactory = (ctx: RouteContext) => Hono<any, any, any>
