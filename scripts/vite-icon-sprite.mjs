// Vite plugin: one SVG sprite (symbols from lucide-react's own icon data, ISC licence) for
// icons that every page shows but nobody interacts with, so they cost a cached image instead
// of JavaScript in the first load. `import spriteUrl from 'virtual:icon-sprite'` gives its
// address: a hashed file under assets/ in a build (cached for good, so a page leaving early
// never aborts it twice), /icons/sprite.svg from the dev server.

import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

const VIRTUAL = 'virtual:icon-sprite'
const RESOLVED = `\0${VIRTUAL}`
const DEV_PATH = '/icons/sprite.svg'

const escape = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

async function iconSymbol(name) {
  const lucideDir = dirname(dirname(createRequire(import.meta.url).resolve('lucide-react')))
  const { __iconData: icon } = await import(pathToFileURL(join(lucideDir, 'esm', 'icons', `${name}.mjs`)).href)
  if (!icon) throw new Error(`lucide-react has no icon data in icons/${name}.mjs (an alias?): name the icon by its own file`)
  const shapes = icon.node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => `${key}="${escape(value)}"`)
        .join(' ')
      return `<${tag} ${attrs}/>`
    })
    .join('')
  return `<symbol id="${name}" viewBox="0 0 ${icon.size} ${icon.size}">${shapes}</symbol>`
}

/**
 * The named lucide icons as one sprite; reference one as `${spriteUrl}#${name}` from an <svg>
 * that sets the stroke (the symbols inherit it from the <use>).
 */
export function iconSprite({ icons }) {
  let sprite
  let serving = false
  const build = async () =>
    (sprite ??= (async () => {
      const symbols = await Promise.all(icons.map(iconSymbol))
      return `<svg xmlns="http://www.w3.org/2000/svg"><!-- Lucide icons (https://lucide.dev), ISC licence -->${symbols.join('')}</svg>\n`
    })())
  return {
    name: 'waypoint:icon-sprite',
    configResolved(config) {
      serving = config.command === 'serve'
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_request, response, next) => {
        build().then((source) => {
          response.setHeader('Content-Type', 'image/svg+xml')
          response.end(source)
        }, next)
      })
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined
    },
    async load(id) {
      if (id !== RESOLVED) return undefined
      if (serving) return `export default ${JSON.stringify(DEV_PATH)}`
      const ref = this.emitFile({ type: 'asset', name: 'sprite.svg', source: await build() })
      return `export default import.meta.ROLLUP_FILE_URL_${ref}`
    },
  }
}
