export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export type Log = {
  debug(message: string): void
  info(message: string): void
  warn(message: string, error?: unknown): void
  error(message: string, error?: unknown): void
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

const details = (error: unknown) => (error === undefined ? '' : `\n${describeError(error, true)}`)

/**
 * An error as a log may show it. drizzle's query errors carry the bound parameters in their
 * message and stack (e-mail addresses, password hashes, token hashes): those are left out.
 */
export function describeError(error: unknown, withStack = false): string {
  if (!(error instanceof Error)) return String(error)
  if ('query' in error && 'params' in error) {
    const cause = error.cause === undefined ? '' : `: ${describeError(error.cause, false)}`
    return `Failed query: ${String(error.query)}${cause}`
  }
  return withStack ? (error.stack ?? error.message) : error.message
}

/** Plain lines on stdout/stderr: the service manager adds timestamps. */
export function createLog(level: LogLevel): Log {
  const write = (wanted: LogLevel, stream: NodeJS.WriteStream, line: string) => {
    if (rank[wanted] >= rank[level]) stream.write(`${line}\n`)
  }
  return {
    debug: (message) => write('debug', process.stdout, `debug: ${message}`),
    info: (message) => write('info', process.stdout, message),
    warn: (message, error) => write('warn', process.stderr, `warning: ${message}${details(error)}`),
    error: (message, error) => write('error', process.stderr, `error: ${message}${details(error)}`),
  }
}
