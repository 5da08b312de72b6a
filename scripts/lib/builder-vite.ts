// The builder's own code loaded through Vite in Node (no browser, no server), so what the scripts
// run is the browser's code with the app's aliases: the PDF import for the bench's field accuracy
// (scripts/lib/bench-import.ts) and the resume command (scripts/resume.ts). close() when done.
import { fileURLToPath } from 'node:url'
import type { ViteDevServer } from 'vite'

/** The repository's root, with a trailing slash. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export async function startBuilderVite(): Promise<ViteDevServer> {
  // Loaded when asked for: the corpus test imports this module's neighbours without Vite's weight.
  const { createServer } = await import('vite')
  return createServer({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: { alias: { '@': `${ROOT}src`, '~contract': `${ROOT}contract`, '~pdf-engine': `${ROOT}pdf-engine` } },
  })
}
