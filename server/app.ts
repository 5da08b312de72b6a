import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { secureHeaders } from 'hono/secure-headers'
import type { Deps } from './deps.ts'
import { authMiddleware, guestCookie } from './http/auth.ts'
import { detailError, errorHandler, notFound } from './http/errors.ts'
import { pageRenderer } from './http/page-render.ts'
import { spa } from './http/spa.ts'
import { accountRoutes } from './routes/accounts.ts'
import { eventsRoutes } from './routes/events.ts'
import { audioRoutes } from './routes/audio.ts'
import { chatRoutes } from './routes/chat.ts'
import { costOfLivingRoutes } from './routes/cost-of-living.ts'
import { ebookRoutes } from './routes/ebooks.ts'
import { healthRoutes } from './routes/health.ts'
import { libraryRoutes } from './routes/library.ts'
import { locationRoutes } from './routes/locations.ts'
import { oauthRoutes } from './routes/oauth.ts'
import { salaryRoutes } from './routes/salary.ts'
import { playlistRoutes } from './routes/playlist.ts'
import { coverLetterRoutes } from './routes/cover-letters.ts'
import { coverLetterPolishRoutes } from './routes/cover-letter-polish.ts'
import { resumeRoutes } from './routes/resumes.ts'
import { searchRoutes } from './routes/search.ts'
import { usersRoutes } from './routes/users.ts'
import { newsletterRoutes } from './routes/newsletter.ts'
import { createServices, type AppServices } from './services/index.ts'
import type { RouteContext, RouteFactory } from './routes/context.ts'

/** The app over its deps; tests may build the services themselves (tests/server/support). */
export function createApp(deps: Deps, services: AppServices = createServices(deps)) {
  const { config, log, clock } = deps
  const app = new Hono()

  // With a tag manager configured (it loads only after analytics consent), exactly its hosts.
  const tagHosts = config.analyticsTagId
    ? ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
    : []
  app.use(
    secureHeaders({
      // The built SPA loads only its own files; no inline script anywhere.
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...tagHosts.slice(0, 1)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tagHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...tagHosts],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      // TLS ends at the proxy in front of us, which owns HSTS.
      strictTransportSecurity: false,
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
    }),
  )
  app.use(compress())
  if (config.logLevel === 'debug') {
    // The path only: query strings carry OAuth codes and states, and reset tokens on page loads.
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      log.debug(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`)
    })
  }
  app.use(guestCookie(config))

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: config.jsonBodyLimitBytes,
      onError: () => {
        throw detailError(413, `The request body is too large (at most ${config.jsonBodyLimitBytes / 1024} KB).`)
      },
    }),
  )

  const { requireUser, requireUserOrGuest } = authMiddleware(services.tokens)
  const ctx: RouteContext = { config, log, clock, services, requireUser, requireUserOrGuest }
  for (const path of ['/api/users/*', '/api/auth/*']) {
    app.use(path, async (c, next) => {
      services.housekeeping.maybeRun()
      await next()
      // Answers here carry tokens or personal data: never kept by a browser or proxy cache.
      c.header('Cache-Control', 'no-store')
    })
  }

  // Every route module has the one shape (ctx) => Hono; the order matters where paths overlap.
  const routes: [path: string, factory: RouteFactory][] = [
    ['/api/health', healthRoutes],
    ['/api/users', usersRoutes],
    ['/api/newsletter', newsletterRoutes],
    ['/api/users', accountRoutes],
    ['/api/auth', oauthRoutes],
    ['/api', libraryRoutes],
    ['/api/search', searchRoutes],
    ['/api/audio', audioRoutes],
    ['/api/ebooks', ebookRoutes],
    ['/api/users/me/playlist', playlistRoutes],
    // The socket itself comes from serve({ websocket }) in main.ts (createChatSocketServer).
    ['/api/ai/chatbot', chatRoutes],
    ['/api/resumes', resumeRoutes],
    // Before the CRUD routes: their /:id would take "polish".
    ['/api/cover-letters/polish', coverLetterPolishRoutes],
    ['/api/cover-letters', coverLetterRoutes],
    ['/api/events', eventsRoutes],
    ['/api', locationRoutes],
    ['/api/salary', salaryRoutes],
    ['/api/cost-of-living', costOfLivingRoutes],
  ]
  for (const [path, factory] of routes) app.route(path, factory(ctx))

  // Pages without a prerendered first view are rendered from this app's own API, in-process.
  const rendered = pageRenderer(config.staticDir, (request) => app.fetch(request), log)
  // Pages that moved answer 301: an article's earlier slug (its file's `formerly`), a place asked
  // for in plain letters (/poland/lodz). Unknown when the library cannot be read: the page renders.
  const movedTo = async (path: string) => {
    const [first, second, ...rest] = path.split('/').filter(Boolean)
    if (!first || !second || rest.length > 0) return undefined
    if (first === 'articles') {
      const slug = await services.content.library.snapshot().then(
        (library) => library.movedFrom.get(second),
        () => undefined,
      )
      return slug && `/articles/${slug}`
    }
    return services.locations.movedTo(first, second)
  }
  const pages = spa(config.staticDir, { analyticsTagId: config.analyticsTagId, publicUrl: config.publicUrl, rendered, movedTo })
  app.use((c, next) => (c.req.path === '/api' || c.req.path.startsWith('/api/') ? next() : pages(c, next)))

  app.notFound(notFound(app))
  app.onError(errorHandler(log))
  return app
}
