import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import * as v from 'valibot'
import type { OAuthProvider } from '~contract/auth.ts'
import { emailField } from '~contract/common.ts'
import type { LogLevel } from './log.ts'

/** At most `limit` events per `windowMs` (fixed windows). */
export type RateLimit = { limit: number; windowMs: number }

export type RateLimits = {
  /** Wrong passwords for one account from one client address: past it, that address waits (the right password too). */
  signInFailuresPerAccountIp: RateLimit
  /** The slower ceiling of wrong passwords for one account from all addresses together. */
  signInFailuresPerAccount: RateLimit
  signInFailuresPerIp: RateLimit
  registerPerIp: RateLimit
  resetPerAddress: RateLimit
  resetPerIp: RateLimit
  subscribePerIp: RateLimit
  /** Every request that hashes or checks a password (sign-up, sign-in, reset, changes), per client address. */
  passwordAttemptsPerIp: RateLimit
  /** Successful sign-ins of one account: each makes a session. */
  signInsPerAccount: RateLimit
  /** Resume and cover-letter saves, changes and deletions per account. */
  documentWritesPerAccount: RateLimit
  /** Contact form messages per client address. */
  contactPerIp: RateLimit
  /** Page-view events per client address. */
  eventsPerIp: RateLimit
  /** Confirmation links asked for again, and e-mail changes, per account. */
  verificationMailsPerAccount: RateLimit
  /** Chat questions: per open connection (counted in memory), per user or guest and per IP (database). */
  chatPerConnection: RateLimit
  chatPerOwner: RateLimit
  chatPerIp: RateLimit
}

const minute = 60_000
export const defaultRateLimits: RateLimits = {
  signInFailuresPerAccountIp: { limit: 10, windowMs: 15 * minute },
  signInFailuresPerAccount: { limit: 100, windowMs: 60 * minute },
  signInFailuresPerIp: { limit: 10, windowMs: minute },
  registerPerIp: { limit: 10, windowMs: 60 * minute },
  resetPerAddress: { limit: 5, windowMs: 60 * minute },
  resetPerIp: { limit: 20, windowMs: 60 * minute },
  subscribePerIp: { limit: 10, windowMs: 10 * minute },
  passwordAttemptsPerIp: { limit: 30, windowMs: minute },
  signInsPerAccount: { limit: 10, windowMs: 15 * minute },
  verificationMailsPerAccount: { limit: 5, windowMs: 60 * minute },
  contactPerIp: { limit: 5, windowMs: 60 * minute },
  documentWritesPerAccount: { limit: 120, windowMs: minute },
  eventsPerIp: { limit: 120, windowMs: minute },
  chatPerConnection: { limit: 20, windowMs: minute },
  chatPerOwner: { limit: 60, windowMs: 60 * minute },
  chatPerIp: { limit: 200, windowMs: 60 * minute },
}

/** An OpenAI-compatible chat-completions API; without one the built-in assistant answers. */
export type OpenAiConfig = {
  apiKey: string
  /** OPENAI_BASE_URL without a trailing slash, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string
  model: string
  /** OPENAI_TIMEOUT_MS: the longest wait for the provider's first byte, and between two streamed chunks. */
  timeoutMs: number
}

export const defaultOpenAiBaseUrl = 'https://api.openai.com/v1'

export type OAuthClientConfig = {
  /** OpenID Connect issuer; its discovery document is fetched on first use. */
  issuer: string
  clientId: string | undefined
  clientSecret: string | undefined
}

/** How much password hashing one process does at once, and how much may wait for a turn. */
export type PasswordWorkLimits = { concurrent: number; queued: number }

export type Config = {
  port: number
  host: string
  /** As given (relative to the working directory), so messages show what the operator typed. */
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  contactInbox: string
  logLevel: LogLevel
  /** Paths below come from the project root, never from a bundled file's location. */
  rootDir: string
  staticDir: string
  migrationsDir: string
  version: string
  jsonBodyLimitBytes: number
  /** The site's origin as browsers see it (links in mail, social redirect); no trailing slash. */
  publicUrl: string | undefined
  /** HS256 key of access tokens; without it a key is made once and kept in the database. */
  jwtSecret: string | undefined
  /** How many proxies in front of us append to X-Forwarded-For; 0: use the socket address. */
  trustProxy: number
  oauth: Record<OAuthProvider, OAuthClientConfig>
  rateLimits: RateLimits
  /** Password hashing at once and waiting, in this process; beyond that 503 (see password-work.ts). */
  passwordWork: PasswordWorkLimits
  /** Library articles (markdown), categories.json and ebooks.json. */
  contentDir: string
  /** AUDIO_PREGENERATE: narrate every article in the background after start (else on first request). */
  audioPregenerate: boolean
  /** AUDIO_ENGINE: `auto` takes the first installed of festival (HTS voice), espeak-ng, then the bundled mespeak. */
  audioEngine: AudioEngineSetting
  /** AUDIO_TIMEOUT_S: longest one article's narration may take before its engine process is killed. */
  audioTimeoutS: number
  /** OPENAI_API_KEY (+ OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_TIMEOUT_MS); absent: the built-in assistant. */
  openai?: OpenAiConfig
  /** ANALYTICS_TAG_ID: a Google Tag Manager container the SPA loads after analytics consent. */
  analyticsTagId?: string
}

export const audioEngineSettings = ['auto', 'festival', 'espeak-ng', 'mespeak'] as const
export type AudioEngineSetting = (typeof audioEngineSettings)[number]

/** A setting the operator has to fix; main.ts prints the message and exits 1. */
export class ConfigError extends Error {}

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const

/** Reads the environment once, at start. `rootDir` is where package.json and dist/ live. */
export function readConfig(env: NodeJS.ProcessEnv, rootDir = process.cwd()): Config {
  const value = (name: string) => {
    const raw = env[name]?.trim()
    return raw ? raw : undefined
  }

  const portText = value('PORT') ?? '8080'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535, got "${portText}".`)
  }

  const databaseUrl = value('DATABASE_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://.')
  }

  const smtpUrl = value('SMTP_URL')
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.')
  }

  const contactInbox = value('CONTACT_INBOX') ?? 'support@waypoint.local'
  if (!v.is(emailField, contactInbox)) {
    throw new ConfigError(`CONTACT_INBOX must be an e-mail address, got "${contactInbox}".`)
  }

  const logLevel = value('LOG_LEVEL') ?? 'info'
  if (!v.is(v.picklist(logLevels), logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}".`)
  }

  const publicUrlText = value('PUBLIC_URL')
  let publicUrl: string | undefined
  if (publicUrlText) {
    let url: URL | undefined
    try {
      url = new URL(publicUrlText)
    } catch {
      url = undefined
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
      throw new ConfigError(`PUBLIC_URL must be an origin such as https://waypoint.example.com, got "${publicUrlText}".`)
    }
    publicUrl = url.origin
  }

  const jwtSecret = value('JWT_SECRET')
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long (e.g. `openssl rand -base64 48`).')
  }

  const trustProxyText = value('TRUST_PROXY') ?? '0'
  const trustProxy = trustProxyText === 'true' ? 1 : trustProxyText === 'false' ? 0 : Number(trustProxyText)
  if (!Number.isInteger(trustProxy) || trustProxy < 0 || trustProxy > 10) {
    throw new ConfigError(`TRUST_PROXY must be the number of proxies in front of Waypoint (0 to 10), got "${trustProxyText}".`)
  }

  const multiplierText = value('RATE_LIMIT_MULTIPLIER') ?? '1'
  const multiplier = Number(multiplierText)
  if (!Number.isFinite(multiplier) || multiplier <= 0) {
    throw new ConfigError(`RATE_LIMIT_MULTIPLIER must be a positive number, got "${multiplierText}".`)
  }

  const oauthClient = (prefix: string, name: string, issuer: string): OAuthClientConfig => {
    const issuerOverride = value(`OAUTH_${name}_ISSUER`)
    if (issuerOverride && !/^https?:\/\/[^/]/.test(issuerOverride)) {
      throw new ConfigError(`OAUTH_${name}_ISSUER must be an http(s) URL, got "${issuerOverride}".`)
    }
    const clientId = value(`${prefix}_CLIENT_ID`)
    const clientSecret = value(`${prefix}_CLIENT_SECRET`)
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      throw new ConfigError(`Set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither.`)
    }
    return { issuer: (issuerOverride ?? issuer).replace(/\/+$/, ''), clientId, clientSecret }
  }

  const pregenerate = value('AUDIO_PREGENERATE') ?? '1'
  if (!['0', '1'].includes(pregenerate)) {
    throw new ConfigError(`AUDIO_PREGENERATE must be 1 (narrate all articles after start) or 0, got "${pregenerate}".`)
  }
  const audioEngine = value('AUDIO_ENGINE') ?? 'auto'
  if (!v.is(v.picklist(audioEngineSettings), audioEngine)) {
    throw new ConfigError(`AUDIO_ENGINE must be one of ${audioEngineSettings.join(', ')}, got "${audioEngine}".`)
  }
  const audioTimeoutText = value('AUDIO_TIMEOUT_S') ?? '300'
  const audioTimeoutS = Number(audioTimeoutText)
  if (!/^\d+$/.test(audioTimeoutText) || audioTimeoutS < 1 || audioTimeoutS > 3600) {
    throw new ConfigError(`AUDIO_TIMEOUT_S must be a whole number of seconds from 1 to 3600, got "${audioTimeoutText}".`)
  }

  const openai = readOpenAiConfig(value)

  const analyticsTagId = value('ANALYTICS_TAG_ID')
  if (analyticsTagId && !/^GTM-[A-Z0-9]{4,12}$/.test(analyticsTagId)) {
    throw new ConfigError(`ANALYTICS_TAG_ID must be a Google Tag Manager container id like GTM-ABC1234, got "${analyticsTagId}".`)
  }

  return {
    port,
    host: value('HOST') ?? '127.0.0.1',
    dataDir: value('DATA_DIR') ?? './data',
    databaseUrl,
    smtpUrl,
    mailFrom: value('MAIL_FROM') ?? 'Waypoint <no-reply@waypoint.local>',
    contactInbox,
    logLevel,
    ...projectPaths(rootDir),
    jsonBodyLimitBytes: 64 * 1024,
    publicUrl,
    jwtSecret,
    trustProxy,
    oauth: {
      'google-oauth2': oauthClient('GOOGLE', 'GOOGLE', 'https://accounts.google.com'),
      'linkedin-oauth2': oauthClient('LINKEDIN', 'LINKEDIN', 'https://www.linkedin.com/oauth'),
    },
    rateLimits: scaleRateLimits(defaultRateLimits, multiplier),
    passwordWork: defaultPasswordWork(),
    audioPregenerate: pregenerate === '1',
    audioEngine,
    audioTimeoutS,
    ...(openai ? { openai } : {}),
    analyticsTagId,
  }
}

function readOpenAiConfig(value: (name: string) => string | undefined): OpenAiConfig | undefined {
  const apiKey = value('OPENAI_API_KEY')
  const baseUrlText = value('OPENAI_BASE_URL') ?? defaultOpenAiBaseUrl
  if (!/^https?:\/\/[^/]/.test(baseUrlText)) {
    throw new ConfigError(`OPENAI_BASE_URL must be an http(s) URL such as ${defaultOpenAiBaseUrl}, got "${baseUrlText}".`)
  }
  const timeoutText = value('OPENAI_TIMEOUT_MS') ?? '30000'
  const timeoutMs = Number(timeoutText)
  if (!/^\d+$/.test(timeoutText) || timeoutMs < 1000 || timeoutMs > 600_000) {
    throw new ConfigError(`OPENAI_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000, got "${timeoutText}".`)
  }
  if (!apiKey) return undefined
  return { apiKey, baseUrl: baseUrlText.replace(/\/+$/, ''), model: value('OPENAI_MODEL') ?? 'gpt-4o-mini', timeoutMs }
}

/** Half the cores hash (at least one), so the other half keeps answering everything else. */
export const defaultPasswordWork = (): PasswordWorkLimits => ({
  concurrent: Math.max(1, Math.floor(availableParallelism() / 2)),
  queued: 16,
})

/** RATE_LIMIT_MULTIPLIER: e.g. 100 for browser test runs that sign up many users from one address. */
export function scaleRateLimits(limits: RateLimits, multiplier: number): RateLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([name, rule]) => [name, { ...rule, limit: Math.max(1, Math.round(rule.limit * multiplier)) }]),
  ) as RateLimits
}

/** Where the built SPA, the migrations and the version are, given the project root. */
export function projectPaths(rootDir: string) {
  const packageFile = resolve(rootDir, 'package.json')
  let version: string
  try {
    version = (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version
  } catch {
    throw new ConfigError(`No package.json in ${rootDir}: start Waypoint from the project folder.`)
  }
  return {
    rootDir,
    staticDir: resolve(rootDir, 'dist/client'),
    migrationsDir: resolve(rootDir, 'server/db/migrations'),
    contentDir: resolve(rootDir, 'server/content'),
    version,
  }
}
