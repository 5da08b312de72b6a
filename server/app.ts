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
import { createAccounts } from './services/accounts.ts'
import { createChatService } from './services/assistant/index.ts'
import { createContentServices } from './services/content.ts'
import { createHousekeeping } from './services/housekeeping.ts'
import { locationData } from './services/location-data.ts'
import { locationSearch } from './services/places.ts'
import { createOAuthClient } from './services/oauth.ts'
import { createPasswordWork } from './services/password-work.ts'
import { createPlaylist } from './services/playlist.ts'
import { createCoverLetters } from './services/cover-letters.ts'
import { createResumes } from './services/resumes.ts'
import { createRateLimiter } from './services/rate-limit.ts'
import { createTokens } from './services/tokens.ts'

export function createApp(deps: Deps) {
  const { config, log } = deps
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

  const tokens = createTokens(deps)
  const limiter = createRateLimiter(deps)
  const passwords = deps.passwords ?? createPasswordWork(config.passwordWork)
  const accounts = createAccounts(deps, tokens, limiter, passwords)
  const oauth = createOAuthClient(deps)
  const housekeeping = createHousekeeping(deps, tokens, limiter)
  const { requireUser, requireUserOrGuest } = authMiddleware(tokens)
  for (const path of ['/api/users/*', '/api/auth/*']) {
    app.use(path, async (c, next) => {
      housekeeping.maybeRun()
      await next()
      // Answers here carry tokens or personal data: never kept by a browser or proxy cache.
      c.header('Cache-Control', 'no-store')
    })
  }

  app.route('/api/health', healthRoutes(deps))
  app.route('/api/users', usersRoutes(deps, limiter))
  app.route('/api/newsletter', newsletterRoutes(deps, limiter))
  app.route('/api/users', accountRoutes(deps, { accounts, tokens, limiter, passwords, requireUser }))
  app.route('/api/auth', oauthRoutes(deps, { oauth, accounts, tokens, requireUserOrGuest }))
  const locations = locationData(config.rootDir)
  const content = deps.content ?? createContentServices(deps, { locations: locationSearch(locations.places) })
  app.route('/api', libraryRoutes(content))
  app.route('/api/search', searchRoutes(content))
  app.route('/api/audio', audioRoutes(content))
  app.route('/api/ebooks', ebookRoutes({ ebooks: content.ebooks, requireUser }))
  const playlist = createPlaylist({ db: deps.db, library: content.library, narrator: content.narrator })
  app.route('/api/users/me/playlist', playlistRoutes({ playlist, requireUser, clock: deps.clock }))
  // The socket itself comes from serve({ websocket }) in main.ts (createChatSocketServer).
  app.route('/api/ai/chatbot', chatRoutes(deps, createChatService(deps, { ...content, tokens, limiter, locations })))

  const writesPerAccount = config.rateLimits.documentWritesPerAccount
  app.route('/api/resumes', resumeRoutes({ resumes: createResumes(deps), requireUser, limiter, writesPerAccount }))
  // Before the CRUD routes: their /:id would take "polish".
  app.route('/api/cover-letters/polish', coverLetterPolishRoutes(deps, { requireUser, limiter }))
  app.route('/api/cover-letters', coverLetterRoutes({ coverLetters: createCoverLetters(deps), requireUser, limiter, writesPerAccount }))
  app.route('/api/events', eventsRoutes(deps, limiter))
  app.route('/api', locationRoutes(locations, requireUser, { library: content.library, log }))
  app.route('/api/salary', salaryRoutes(locations, requireUser))
  app.route('/api/cost-of-living', costOfLivingRoutes(locations, requireUser))

  // Pages without a prerendered first view are rendered from this app's own API, in-process.
  const rendered = pageRenderer(config.staticDir, (request) => app.fetch(request), log)
  const pages = spa(config.staticDir, { analyticsTagId: config.analyticsTagId, publicUrl: config.publicUrl, rendered })
  app.use((c, next) => (c.req.path === '/api' || c.req.path.startsWith('/api/') ? next() : pages(c, next)))

  app.notFound(notFound(app))
  app.onError(errorHandler(log))
  return app
}
