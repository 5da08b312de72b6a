export declare const SERVER_ENTRY: string
export declare function freePort(host?: string): Promise<number>
export interface StartServerOptions {
  dataDir: string
  port?: number
  host?: string
  env?: Record<string, string | undefined>
  /** true: copy the server's output to stderr; a function receives each chunk. */
  echo?: boolean | ((chunk: string) => void)
  timeoutMs?: number
  pollMs?: number
}
export interface ExitInfo {
  code: number | null
  signal: NodeJS.Signals | null
  error?: Error
}
export interface RunningServer {
  url: string
  host: string
  port: number
  pid: number | undefined
  /** Milliseconds from spawn to the first healthy /api/health. */
  startMs: number
  output(): string
  exited(): ExitInfo | null
  stop(graceMs?: number): Promise<ExitInfo>
}
export declare function startServer(options: StartServerOptions): Promise<RunningServer>
