import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const root = path.dirname(fileURLToPath(import.meta.url))
// import-x matches `from` and `except` globs against absolute file paths.
/** @param {string} glob */
const at = (glob) => path.join(root, glob)

// Every feature folder, read at lint time so a new feature is fenced in without touching this file.
const features = readdirSync(at('src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// The server's domains (server/services/<name>/), read at lint time like the features.
const serverDomains = readdirSync(at('server/services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// A feature's public face is its index.ts. A feature may keep a second face beside it so that the
// first page does not download what only a later section or page needs: `pages.ts`, the pages its
// routes draw (loaded with each route's lazy component), in any feature; and these few, code
// loaded lazily or the one small piece a route needs at start without the rest of index.ts (each
// index.ts says why). Routes and other features may import them too. Nothing else below a
// feature's root is public.
const lazyFaces = [
  '*/pages.ts',
  'cover-letter/prefill-search.ts',
  'ebooks/components.ts',
  'library/cards.ts',
  'library/queries.ts',
  'locations/widgets.ts',
]

// The house's one-way imports (bulletproof-react's zones): contract <- lib/components <- features
// <- routes <- app (the shell: entry, providers, hydration, prerender) on the client; contract <- db
// <- services <- http/routes on the server; pdf-engine, like contract, below both; neither side
// reaches into the other. Import paths are resolved first, so `@/`, `~contract/`, `~pdf-engine/`
// and `../` alike.
const zones = [
  ...features.map((feature) => ({
    target: `src/features/${feature}/**`,
    from: at('src/features/**'),
    except: [at(`src/features/${feature}/**`), at('src/features/*/index.ts'), at(`src/features/{${lazyFaces.join(',')}}`)],
    message: 'Another feature is reached only through its public face: `@/features/<name>` (its index.ts), never a path inside it.',
  })),
  {
    target: 'src/routes/**',
    from: at('src/features/**'),
    except: [at('src/features/*/index.ts'), at(`src/features/{${lazyFaces.join(',')}}`)],
    message:
      'A route imports a feature only through its public face: `@/features/<name>` (its index.ts) or a face listed in lazyFaces, never a path inside it.',
  },
  {
    target: ['src/lib/**', 'src/components/**'],
    from: [at('src/features/**'), at('src/routes/**'), at('src/app/**')],
    message: 'lib/ and components/ are infrastructure and UI primitives: they never import features, routes or the app shell (src/app).',
  },
  {
    target: 'src/features/**',
    from: [at('src/routes/**'), at('src/app/**')],
    message: 'Routes and the app shell (src/app) compose features; features never import them.',
  },
  {
    target: 'src/**',
    from: [at('server/**'), at('scripts/**')],
    message: 'The SPA shares only contract/ and pdf-engine/ with the server and scripts.',
  },
  {
    target: 'mocks/**',
    from: [at('server/**'), at('scripts/**')],
    // The mocks serve the real library content (data, not server code) as their fixtures.
    except: [at('server/content/*.json')],
    message: 'The mocks share only contract/ (and content data) with the server and scripts.',
  },
  {
    target: 'server/**',
    from: [at('src/**'), at('mocks/**')],
    message: 'The server shares only contract/ and pdf-engine/ with the SPA.',
  },
  {
    target: 'contract/**',
    from: [at('src/**'), at('server/**'), at('mocks/**'), at('scripts/**')],
    message: 'contract/ is the shared bottom layer: it imports neither side.',
  },
  {
    // The PDF engine both sides write documents with (the builders in the browser, the e-books on
    // the server): neither DOM nor Node in it (tsconfig.pdf-engine.json).
    target: 'pdf-engine/**',
    from: [at('src/**'), at('server/**'), at('mocks/**'), at('scripts/**')],
    message: 'pdf-engine/ is shared by the SPA and the server: it imports neither side.',
  },
  ...serverDomains.map((domain) => ({
    target: `server/services/${domain}/**`,
    from: at('server/services/*/**'),
    except: [at(`server/services/${domain}/**`), at('server/services/*/index.ts')],
    message: 'Another server domain is reached only through its public face: `server/services/<name>/index.ts`, never a file inside it.',
  })),
  {
    target: ['server/*.ts', 'server/services/*.ts', 'server/routes/**', 'server/http/**', 'server/tools/**'],
    from: at('server/services/*/**'),
    except: [at('server/services/*/index.ts')],
    message: 'A server domain is reached only through its public face: `server/services/<name>/index.ts`, never a file inside it.',
  },
  {
    target: 'server/lib/**',
    from: [at('server/services/**'), at('server/http/**'), at('server/routes/**')],
    message: 'server/lib holds helpers below every domain: it never imports services, http or routes.',
  },
  {
    target: 'server/services/**',
    from: [at('server/http/**'), at('server/routes/**')],
    message: 'Services know nothing of HTTP: they throw their own errors, which server/http maps to responses.',
  },
  {
    target: 'server/db/**',
    from: [at('server/services/**'), at('server/http/**'), at('server/routes/**')],
    message: 'server/db is below the services and HTTP layers and never imports them.',
  },
]

const nodeFiles = ['scripts/**', 'bench/**', '*.config.{ts,js}', 'src/app/prerender.tsx', 'src/app/prerender-page.ts', 'mocks/node.ts']

export default tseslint.config(
  { ignores: ['dist', 'data', 'data-dev', 'node_modules', 'public/mockServiceWorker.js', 'src/routeTree.gen.ts', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,mts}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, no-cycle cannot parse a .ts dependency and sees no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // The solution file: every area shares the aliases of tsconfig.base.json.
          project: 'tsconfig.json',
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    // Runtime cycles only: `import type` is erased and cannot form one, and a lazy `import()` back
    // to the module that loads it (a split chunk reusing its parent's button) runs after both exist.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.{ts,mjs}', 'contract/**/*.ts', 'pdf-engine/**/*.ts', 'mocks/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Each area sees the globals of the place it runs, as its tsconfig does.
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts'],
    ignores: nodeFiles,
    languageOptions: { globals: globals.browser },
    rules: { 'import-x/no-nodejs-modules': ['error'] },
  },
  {
    files: ['contract/**/*.ts', 'pdf-engine/**/*.ts'],
    languageOptions: { globals: globals['shared-node-browser'] },
    rules: { 'import-x/no-nodejs-modules': ['error'] },
  },
  {
    files: ['src/service-worker/**/*.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['server/**/*.{ts,mjs}', 'tests/server/**/*.ts', ...nodeFiles, '*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Vitest under jsdom, and Playwright callbacks that run in the page.
    files: ['tests/client/**/*.{ts,tsx}', 'tests/e2e/**/*.ts', 'tests/server/security-xss.test.ts', 'src/app/prerender.tsx'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
)
