import { sql, type SQL } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  customType,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const moment = (name: string) => timestamp(name, { withTimezone: true })

/**
 * The newsletter list, double opt-in: a row is active only once the link mailed to the address is
 * followed (`confirmedAt`). Every newsletter mail carries the row's unsubscribe token.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    confirmedAt: moment('confirmed_at'),
    /** SHA-256 of the confirmation link's token; cleared once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    /** When the last confirmation mail went out (links expire; a repeat is sent at most so often). */
    confirmSentAt: moment('confirm_sent_at'),
    /** In every newsletter mail's unsubscribe link and List-Unsubscribe header: it only unsubscribes. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
  },
  // lower(): one row per person even if an address slips in without the contract's normalising.
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_subscribers_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_unsubscribe_token_key').on(t.unsubscribeToken),
  ],
)

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  topic: text('topic').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
})

/** Mail kept instead of sent when no SMTP server is configured. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  recipient: text('recipient').notNull(),
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** Headers beyond the usual ones, e.g. a newsletter's List-Unsubscribe pair. */
  headers: jsonb('headers').$type<Record<string, string>>(),
  createdAt: createdAt(),
})

/** An account. No password hash for accounts made through a social provider only. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** When the owner of `email` proved it (a link we mailed, or a provider's verified e-mail). */
    emailVerifiedAt: moment('email_verified_at'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
)

/** Every foreign key to users cascades: deleting the user row erases all of these. */
const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/** A social sign-in linked to an account: the provider's stable subject, not its e-mail, finds it. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject), index('user_identities_user_id_idx').on(t.userId)],
)

/**
 * Refresh tokens, stored as SHA-256 hashes. One sign-in is one family; every refresh adds a row
 * to it and marks the old one rotated. A revoked row anywhere in a family ends the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_key'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    rotatedAt: moment('rotated_at'),
    replacedBy: uuid('replaced_by'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
    index('refresh_tokens_expires_at_idx').on(t.expiresAt),
  ],
)

/** Single-use password reset links, stored as SHA-256 hashes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    tokenHash: text('token_hash').notNull().unique('password_reset_tokens_token_hash_key'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
)

/**
 * Single-use links proving an address, stored as SHA-256 hashes: the account's own address
 * after sign-up, or the new address of an e-mail change (which takes effect when it is opened).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique('email_verifications_token_hash_key'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    /** The address this link replaced when it was opened: what the account held before (erasure and export reach it). */
    replacedEmail: text('replaced_email'),
  },
  (t) => [index('email_verifications_user_id_idx').on(t.userId)],
)

/**
 * Social sign-ins under way: the state (hashed), its PKCE verifier and nonce, and the hash of
 * the browser-binding cookie that must come back with the code. No user is known yet.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull().unique('oauth_states_state_hash_key'),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    bindingHash: text('binding_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)],
)

/** Fixed-window counters shared by all processes. The key is a SHA-256 hash (it may name an address). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    keyHash: text('key_hash').notNull(),
    windowStart: moment('window_start').notNull(),
    count: integer('count').notNull(),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyHash, t.windowStart] }), index('rate_limit_counters_expires_at_idx').on(t.expiresAt)],
)

/** Secrets made by the server itself (the token signing key), shared by all processes. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/** A full-text document; written by the articles_search trigger of migration 0002, never by code. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** Library categories (spec section 3): main ones and their sub-categories, seeded from categories.json. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique('categories_slug_key'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    icon: text('icon').notNull(),
    isMain: boolean('is_main').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [index('categories_parent_id_idx').on(t.parentId)],
)

export type TocRow = { id: string; title: string; level: 2 | 3 }
export type SourceRow = { title: string; url: string }

/** Library articles, seeded from server/content/articles; `content_hash` tells a changed file. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique('articles_slug_key'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer('sub_category_id').references(() => categories.id),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    author: text('author').notNull(),
    publishedAt: moment('published_at').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    readingMinutes: integer('reading_minutes').notNull(),
    bodyMd: text('body_md').notNull(),
    /** The body as plain sentences: narration, snippets and the search document. */
    bodyText: text('body_text').notNull(),
    html: text('html').notNull(),
    toc: jsonb('toc').$type<TocRow[]>().notNull(),
    sources: jsonb('sources').$type<SourceRow[]>().notNull(),
    contentHash: text('content_hash').notNull(),
    /** Earlier slugs (the file's `formerly`): their pages answer 301 to this one. */
    formerSlugs: text('former_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    search: tsvector('search'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('articles_search_idx').using('gin', t.search),
    index('articles_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('articles_category_published_idx').on(t.categoryId, t.publishedAt),
  ],
)

/**
 * Paragraphs of each article (the summary is position 0), searched for snippets: ts_headline
 * then reads a few short passages instead of parsing whole articles.
 */
export const articlePassages = pgTable(
  'article_passages',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${articlePassages.text})`),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.position] }), index('article_passages_search_idx').using('gin', t.search)],
)

/**
 * Words of the library (titles, tags, summaries, bodies, category names) for typo correction
 * with pg_trgm; rebuilt by the seed when the articles change.
 */
export const libraryTerms = pgTable(
  'library_terms',
  {
    term: text('term').primaryKey(),
    documents: integer('documents').notNull(),
  },
  (t) => [index('library_terms_term_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
)

/** Narrated audio of an article. The file itself lives under DATA_DIR/audio; this row says what was made. */
export const audio = pgTable('audio', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  status: text('status').$type<'pending' | 'ready' | 'failed'>().notNull(),
  durationS: real('duration_s'),
  bytes: integer('bytes'),
  peaks: jsonb('peaks').$type<number[]>(),
  voice: text('voice'),
  contentHash: text('content_hash').notNull(),
  error: text('error'),
  updatedAt: moment('updated_at').notNull().defaultNow(),
})

/**
 * One chat conversation per signed-in user or guest: the assistant's memory across reconnects
 * and processes. `owner_key` is `user:<id>` or `guest:<sha256 of the guest token>`.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerKey: text('owner_key').notNull().unique('chat_conversations_owner_key_key'),
    /** Set for a signed-in user: erasing the account erases the conversation. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_user_id_idx').on(t.userId), index('chat_conversations_updated_at_idx').on(t.updatedAt)],
)

/** A question (`user`) or an answer (`assistant`) with the sources it cited. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    /** Insertion order: a question and its answer may share one created_at. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    text: text('text').notNull(),
    sources: jsonb('sources')
      .$type<SourceRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_id_idx').on(t.conversationId, t.id)],
)

/**
 * First-party page views, recorded only with analytics consent: the path, the previous path and
 * the day. No IP address, no user, no guest token.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    referrerPath: text('referrer_path'),
    /** YYYY-MM-DD (UTC): reports count per path per day; no finer time is kept. */
    day: text('day').notNull(),
  },
  (t) => [index('page_views_day_path_idx').on(t.day, t.path)],
)

/** A signed-in user's playlist of narrated articles; the audio id on the wire is the article slug. */
export const playlistItems = pgTable(
  'playlist_items',
  {
    userId: userId(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** Order in the playlist, smallest first; reordering rewrites it for the whole list. */
    sortOrder: integer('sort_order').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] })],
)

/**
 * Where a listener stopped in each narration, kept apart from the playlist so that removing a
 * track and adding it again still continues where they left off.
 */
export const listeningPositions = pgTable(
  'listening_positions',
  {
    userId: userId(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    positionS: real('position_s').notNull(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] })],
)

/**
 * A resume saved to an account; `data` is the builder state of contract/resume.ts. `version`
 * goes up by one on every write, so a write based on an older copy is refused (409).
 */
export const resumes = pgTable(
  'resumes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    title: text('title').notNull(),
    template: text('template').notNull(),
    data: jsonb('data').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('resumes_user_updated_idx').on(t.userId, t.updatedAt)],
)

/** A cover letter saved to an account; `data` is the builder state of contract/cover-letter.ts. Same versioning as resumes. */
export const coverLetters = pgTable(
  'cover_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    title: text('title').notNull(),
    template: text('template').notNull(),
    data: jsonb('data').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('cover_letters_user_updated_idx').on(t.userId, t.updatedAt)],
)
