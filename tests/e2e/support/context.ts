import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the production server started by tests/e2e/global-setup.ts, e.g. http://127.0.0.1:41234 */
    e2eBaseUrl: string
    /** Folder where the SMTP sink files every message the server sends, one .eml each. */
    e2eMailDir: string
  }
}

/** The server's origin (no trailing slash). */
export function baseUrl(): string {
  return inject('e2eBaseUrl')
}

/** Absolute URL of a path on the server under test. */
export function urlOf(path: string): string {
  return new URL(path, `${baseUrl()}/`).href
}
