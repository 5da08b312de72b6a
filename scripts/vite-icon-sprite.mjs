// Vite plugin: writes one SVG sprite (symbols from lucide-react's own icon data, ISC licence)
// for icons that every page shows but nobody interacts with, so they cost an image request
// instead of JavaScript in the first load. Served by the dev server too.

import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

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
 * A sprite at `fileName` with the named lucide icons; reference one as `${fileName}#${name}`
 * from an <svg> that sets the stroke (the symbols inherit it from the <use>).
 */
export function iconSprite({ fileName, icons }) {
  let sprite
  const build = async () =>
    (sprite ??= (async () => {
      const symbols = await Promise.all(icons.map(iconSymbol))
      return (
        '<svg xmlns="http://www.w3.org/2000/svg">' +
        `<!-- Lucide icons (https://lucide.dev), ISC licence -->${symbols.join('')}</svg>\n`
      )
    })())
  return {
    name: 'waypoint:icon-sprite',
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_request, response, next) => {
        build().then((source) => {
          response.setHeader('Content-Type', 'image/svg+xml')
          response.end(source)
        }, next)
      })
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: await build() })
    },
  }
}
