import { fileURLToPath, URL } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { rmSync } from 'node:fs'
import { defineConfig, type Plugin } from 'vite'
import { iconSprite } from './scripts/vite-icon-sprite.mjs'
import { serviceWorker } from './scripts/vite-service-worker.mjs'
import { webFonts } from './scripts/vite-web-fonts.mjs'
import { spriteIcons } from './src/components/sprite-icon/icons.ts'

// The msw worker in public/ serves `npm run dev:mock` only; production never ships it.
const dropMockWorker = (): Plugin => ({
  name: 'waypoint:drop-mock-worker',
  apply: 'build',
  closeBundle() {
    rmSync(fileURLToPath(new URL('./dist/client/mockServiceWorker.js', import.meta.url)), { force: true })
  },
})

/**
 * The modules src/app/main.tsx imports statically and src/app/boot.ts does not: they all run when the
 * app starts, so they ship in one chunk instead of a chunk each (a lazy page that shares one
 * imports it from there, already loaded). Each chunk costs the page a request made from script,
 * and the browser's main thread a task to take it in.
 */
function startupModules() {
  let modules = new Set<string>()
  const plugin: Plugin = {
    name: 'waypoint:startup-modules',
    apply: 'build',
    buildEnd() {
      const closure = (from: string) => {
        const seen = new Set<string>()
        const visit = (id: string) => {
          if (seen.has(id)) return
          seen.add(id)
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next)
        }
        visit(from)
        return seen
      }
      const boot = closure(fileURLToPath(new URL('./src/app/boot.ts', import.meta.url)))
      modules = new Set([...closure(fileURLToPath(new URL('./src/app/main.tsx', import.meta.url)))].filter((id) => !boot.has(id)))
    },
  }
  return { plugin, test: (id: string) => modules.has(id) }
}

const startup = startupModules()

// React, the router and the query cache: every page needs them at start (mutations too: the
// footer's newsletter form). Hooks that only lazy pages use (useQueries, suspense, infinite
// queries) stay with those pages, in neither start-up chunk. Two chunks, which
// src/app/boot.ts runs a task apart: React (its DOM renderer the most of it), then the router and the
// query cache. One chunk took a single long task to run on a phone.
const reactModules = /node_modules[\\/](react|react-dom|scheduler)[\\/]/
const lazyQueryHooks =
  /[\\/]@tanstack[\\/](query-core|react-query)[\\/].*([qQ]ueriesObserver|useQueries|useSuspense|[iI]nfiniteQueryObserver|useInfiniteQuery|usePrefetch|useIsFetching|useMutationState)/
const routerModules =
  /node_modules[\\/](use-sync-external-store|@tanstack[\\/](router-core|react-router|history|query-core|react-query|store|react-store))[\\/]/

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8787'

export default defineConfig(({ mode }) => ({
  plugins: [
    // The router plugin must run before react(): it generates src/routeTree.gen.ts
    // and splits every route component into its own lazy chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      // Pending views ride with their page (by default they stay in the main bundle).
      codeSplittingOptions: { defaultBehavior: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    startup.plugin,
    iconSprite({ icons: [...spriteIcons] }),
    webFonts(),
    ...(mode === 'mock' ? [] : [dropMockWorker(), serviceWorker()]),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '~contract': fileURLToPath(new URL('./contract', import.meta.url)),
      '~pdf-engine': fileURLToPath(new URL('./pdf-engine', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // A lazy chunk's imports are not preloaded with <link rel="modulepreload">: each link the
    // loader adds costs the main thread about half a millisecond on a desktop (four times that
    // on a phone), and a page's route asked for a dozen in one task at start. The browser fetches
    // them itself as it reads the chunk's imports. A stylesheet a chunk needs is still loaded
    // before the chunk runs.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything every page needs at start, in three files (React, the router, then the
          // app): three requests and streams instead of a dozen small chunks (each costing
          // headers, import glue and a main-thread task).
          groups: [
            // After the framework (its own group, which comes first). Only the modules the test
            // names: what main.tsx shares with boot.ts (the chunk loader, next-task) stays in the
            // entry, which would otherwise import this chunk before the first paint.
            // The query hooks only lazy pages use stay with them, though the package's index names them.
            { name: 'app', test: (id) => startup.test(id) && !lazyQueryHooks.test(id), priority: 1, includeDependenciesRecursively: false },
            // The icons lazy pages draw (a few hundred bytes each): one file instead of one each,
            // every one of which costs a request started from script (about half a millisecond of
            // the main thread on a desktop, four times that on a phone) and a module to link.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 0 },
            {
              name: 'framework',
              priority: 3,
              // With src/app/framework.ts, what src/app/boot.ts loads first.
              test: (id) => reactModules.test(id) || /[\\/]src[\\/]app[\\/]framework\.ts$/.test(id),
            },
            {
              name: 'router',
              priority: 2,
              // With src/app/router.ts, what src/app/boot.ts loads next.
              test: (id) => (routerModules.test(id) && !lazyQueryHooks.test(id)) || /[\\/]src[\\/]app[\\/]router\.ts$/.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: mode === 'mock' ? undefined : { '/api': { target: apiTarget, ws: true } },
  },
}))
