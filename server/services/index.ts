import type { Deps } from '../deps.ts'
import {
  createAccounts,
  createOAuthClient,
  createPasswordWork,
  createSocialSignIn,
  createTokens,
  type Accounts,
  type OAuthClient,
  type PasswordWork,
  type SocialSignIn,
  type Tokens,
} from './accounts/index.ts'
import { createChatService, type ChatService } from './assistant/index.ts'
import { createContentServices, type ContentServices } from './content.ts'
import {
  createCoverLetterPolish,
  createCoverLetters,
  createResumes,
  type CoverLetterPolish,
  type CoverLetters,
  type Resumes,
} from './documents/index.ts'
import { createHousekeeping, type Housekeeping } from './housekeeping.ts'
import { createShareCards, type ShareCards } from './share-cards/index.ts'
import { createContact, createNewsletter, type Contact, type Newsletter } from './mail/index.ts'
import { createPlaylist, type Playlist } from './narration/index.ts'
import { createLocations, locationData, locationSearch, type LocationData, type Locations } from './places/index.ts'
import { createRateLimiter, type RateLimiter } from './rate-limit.ts'
import { createEvents, createHealth, type Events, type Health } from './site.ts'

/** Every service of one app, built once over its deps; the routes get them through their RouteContext. */
export type AppServices = {
  health: Health
  tokens: Tokens
  limiter: RateLimiter
  /** The bounded password-hashing queue (config.passwordWork). */
  passwords: PasswordWork
  accounts: Accounts
  oauth: OAuthClient
  socialSignIn: SocialSignIn
  housekeeping: Housekeeping
  newsletter: Newsletter
  contact: Contact
  events: Events
  /** Library, search, audio and ebooks. */
  content: ContentServices
  /** The committed datasets: places, salary and cost of living. */
  locationData: LocationData
  locations: Locations
  /** The pictures shared links show (PNG): article covers and place cards. */
  shareCards: ShareCards
  playlist: Playlist
  chat: ChatService
  resumes: Resumes
  coverLetters: CoverLetters
  coverLetterPolish: CoverLetterPolish
}

/**
 * Builds the services of one app. `content` may be made outside: main.ts makes it first so it
 * can stop the narrator on shutdown.
 */
export function createServices(deps: Deps, made: { content?: ContentServices } = {}): AppServices {
  const { config, log } = deps
  const tokens = createTokens(deps)
  const limiter = createRateLimiter(deps)
  const passwords = createPasswordWork(config.passwordWork)
  const accounts = createAccounts(deps, tokens, limiter, passwords)
  const oauth = createOAuthClient(deps)
  const data = locationData(config.rootDir)
  const content = made.content ?? createContentServices(deps, { locations: locationSearch(data.places) })
  const newsletter = createNewsletter(deps)
  return {
    health: createHealth(deps),
    tokens,
    limiter,
    passwords,
    accounts,
    oauth,
    socialSignIn: createSocialSignIn(deps, oauth, accounts),
    housekeeping: createHousekeeping(deps, { tokens, limiter, newsletter }),
    newsletter,
    contact: createContact(deps),
    events: createEvents(deps),
    content,
    locationData: data,
    locations: createLocations(data, { library: content.library, log }),
    shareCards: createShareCards({ library: content.library, places: data.places }),
    playlist: createPlaylist({ db: deps.db, library: content.library, narrator: content.narrator }),
    chat: createChatService(deps, { library: content.library, tokens, limiter, locations: data }),
    resumes: createResumes(deps),
    coverLetters: createCoverLetters(deps),
    coverLetterPolish: createCoverLetterPolish(deps),
  }
}
