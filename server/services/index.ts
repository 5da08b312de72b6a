import type { Deps } from '../deps.ts'
import { createAccounts, type Accounts } from './accounts.ts'
import { createChatService } from './assistant/index.ts'
import type { ChatService } from './assistant/connection.ts'
import { createContact, type Contact } from './contact.ts'
import { createContentServices, type ContentServices } from './content.ts'
import { createCoverLetterPolish, type CoverLetterPolish } from './cover-letter-polish.ts'
import { createCoverLetters, type CoverLetters } from './cover-letters.ts'
import { createEvents, type Events } from './events.ts'
import { createHealth, type Health } from './health.ts'
import { createHousekeeping, type Housekeeping } from './housekeeping.ts'
import { locationData, type LocationData } from './location-data.ts'
import { createLocations, type Locations } from './locations.ts'
import { createNewsletter, type Newsletter } from './newsletter.ts'
import { createOAuthClient, type OAuthClient } from './oauth.ts'
import { createPasswordWork, type PasswordWork } from './password-work.ts'
import { locationSearch } from './places.ts'
import { createPlaylist, type Playlist } from './playlist.ts'
import { createRateLimiter, type RateLimiter } from './rate-limit.ts'
import { createResumes, type Resumes } from './resumes.ts'
import { createShareCards, type ShareCards } from './share-cards.ts'
import { createSocialSignIn, type SocialSignIn } from './social-sign-in.ts'
import { createTokens, type Tokens } from './tokens.ts'

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
