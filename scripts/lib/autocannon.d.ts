// autocannon 8 ships no types: the part of its API that scripts/lib/loadgen.ts uses.
declare module 'autocannon' {
  export type Request = {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    /** Called before each request of a connection; what it returns is sent. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void
  }
  export type Options = { url: string; connections?: number; duration?: number; requests?: Request[]; timeout?: number }
  export type Result = {
    requests: { average: number; total: number }
    latency: { p50: number; p99: number }
    non2xx: number
    errors: number
    timeouts: number
    statusCodeStats?: Record<string, { count: number }>
  }
  export default function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): unknown
}
