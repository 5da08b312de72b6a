// Vite plugin (build only): writes dist/client/sw.js from src/service-worker/sw.js with the
// build's version and the files to keep for offline use: every JS and CSS file of the
// build, the app's own text fonts, the icons (the sprite too) and the manifest. Larger files that only a
// tool needs (the PDF fonts, say) are cached on first use instead.

import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

const SOURCE = new URL('../src/service-worker/sw.js', import.meta.url)
const KEEP = /\.(?:js|css)$|^assets\/(?:inter|fraunces)-latin-(?:core|wght-normal)[^/]*\.woff2$|^assets\/sprite-[^/]+\.svg$/

export function serviceWorker() {
  return {
    name: 'waypoint:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => KEEP.test(name))
        .sort()
      const precache = [...files.map((name) => `/${name}`), '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png']
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12)
      const source = readFileSync(SOURCE, 'utf8')
        .replace('self.__WAYPOINT_VERSION__', JSON.stringify(version))
        .replace('self.__WAYPOINT_PRECACHE__', JSON.stringify(precache))
      this.emitFile({ type: 'asset', fileName: 'sw.js', source })
    },
  }
}
