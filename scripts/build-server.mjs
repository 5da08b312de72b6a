// Bundles the API server into dist/server/main.js; `node dist/server/main.js` runs it
// from the project root. Packages stay external: PGlite and argon2 ship files of their own.
import { build } from 'esbuild'

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  logLevel: 'warning',
})
