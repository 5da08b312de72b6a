// Bundles the API server into dist/server/main.js; `node dist/server/main.js` runs it
// from the project root. Packages stay external: PGlite and argon2 ship files of their own.
// The narration child (server/services/narration/child.ts), which the server starts as a process
// of its own per article, is bundled beside it as dist/server/narration-child.js (tts.ts finds it
// next to the bundle it is part of).
import { build } from 'esbuild'

await build({
  entryPoints: { main: 'server/main.ts', 'narration-child': 'server/services/narration/child.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  logLevel: 'warning',
})
