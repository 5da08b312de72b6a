// Vite plugin: the site's text fonts (Inter and Fraunces, variable, from @fontsource-variable) as
// data, `import faces from 'virtual:web-fonts'`: src/app/boot.ts adds them to the page as FontFaces
// (no @font-face rule names them, so the page is drawn in local faces until then). Each family's
// faces are fontsource's own, but for its Latin face, which is split in two:
// - a core face (Basic Latin, Latin-1 and the common punctuation; weights 400 to 900) made here
//   with HarfBuzz's subsetter: what English and most Western European text needs, at 27 to 31 KB
//   a family instead of 37 to 48 KB;
// - the rest of fontsource's Latin face (ı, Œ, ‰, ™ and the like), the whole file, which a browser
//   fetches only for a page that shows one of those characters.
// The two faces' unicode-ranges do not overlap, so a page never fetches both for one character.
// Greek, Cyrillic, Vietnamese and the Latin Extended faces are fontsource's, untouched.
// The core files are made into node_modules/.cache/waypoint-fonts/ and reused while their
// inputs are the same.

import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'
import { parseUnicodeRange } from '../pdf-engine/scripts.ts'

const VIRTUAL = 'virtual:web-fonts'
const RESOLVED = `\0${VIRTUAL}`
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CACHE = 'node_modules/.cache/waypoint-fonts'

const FAMILIES = [
  { pkg: '@fontsource-variable/inter', latin: 'inter-latin-wght-normal.woff2', core: 'inter-latin-core.woff2' },
  { pkg: '@fontsource-variable/fraunces', latin: 'fraunces-latin-wght-normal.woff2', core: 'fraunces-latin-core.woff2' },
]

/** Code points of the core faces. Control characters (never drawn) are in its range, so no page fetches the rest for them. */
const CORE_RANGES = [
  [0x0000, 0x00ff],
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2212, 0x2212], // −
]
// The styles use 400 to 700, and 900 where `bolder` meets a 600 heading. The face keeps
// fontsource's descriptor (100 900), so every weight finds it: a lighter weight is drawn at 400.
const WEIGHT = { min: 400, max: 900 }
// Kerning, ligatures and contextual forms, marks, case-sensitive forms and tabular figures
// (font-variant-numeric: tabular-nums): the OpenType features the styles use or the browser applies.
const FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'case', 'tnum']

const require = createRequire(import.meta.url)
const packageDir = (pkg) => dirname(require.resolve(`${pkg}/package.json`))

function formatRanges(ranges) {
  const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0')
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(',')
}

/** The code points of `ranges` not in `minus`, as ranges. */
function subtractRanges(ranges, minus) {
  const out = []
  for (const [from, to] of ranges) {
    let pieces = [[from, to]]
    for (const [a, b] of minus)
      pieces = pieces.flatMap(([x, y]) => (b < x || a > y ? [[x, y]] : [...(a > x ? [[x, a - 1]] : []), ...(b < y ? [[b + 1, y]] : [])]))
    out.push(...pieces)
  }
  return out
}

const coreText = () =>
  CORE_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))
    .filter((cp) => cp >= 0x20 && !(cp >= 0x7f && cp < 0xa0))
    .map((cp) => String.fromCodePoint(cp))
    .join('')

/** Makes the core files unless the cache holds them for the same inputs. */
async function makeCoreFiles() {
  const dir = join(ROOT, CACHE)
  const stampFile = join(dir, 'stamp.json')
  const inputs = FAMILIES.map(({ pkg, latin }) => readFileSync(join(packageDir(pkg), 'files', latin)))
  const stamp = createHash('sha256')
    .update(JSON.stringify({ CORE_RANGES, WEIGHT, FEATURES, subsetFont: require('subset-font/package.json').version }))
    .update(Buffer.concat(inputs))
    .digest('hex')
  try {
    if (JSON.parse(readFileSync(stampFile, 'utf8')).stamp === stamp) return
  } catch {
    // No cache yet.
  }
  mkdirSync(dir, { recursive: true })
  const text = coreText()
  for (const [i, { core }] of FAMILIES.entries()) {
    const font = await subsetFont(inputs[i], text, { targetFormat: 'woff2', variationAxes: { wght: WEIGHT }, keepFeatures: FEATURES })
    writeFileSync(join(dir, core), font)
  }
  writeFileSync(stampFile, JSON.stringify({ stamp }))
}

/** A descriptor of one of fontsource's @font-face rules. */
const descriptor = (face, name) => {
  const value = face.match(new RegExp(`${name}:\\s*([^;]+);`))?.[1]
  if (!value) throw new Error(`a face has no ${name}: ${face}`)
  return value.trim()
}

/** fontsource's faces of a package, with its Latin face split into core and rest: file, family and descriptors. */
function familyFaces({ pkg, latin, core }) {
  const css = readFileSync(join(packageDir(pkg), 'index.css'), 'utf8')
  const rules = css.match(/@font-face\s*\{[^}]*\}/g) ?? []
  if (!rules.some((rule) => rule.includes(latin))) throw new Error(`${pkg}/index.css has no face for ${latin}`)
  return rules.flatMap((rule) => {
    const file = rule.match(/url\(\.\/files\/([^)]+)\)/)?.[1]
    if (!file) throw new Error(`${pkg}: a face has no file: ${rule}`)
    const face = {
      family: descriptor(rule, 'font-family').replace(/^'|'$/g, ''),
      style: descriptor(rule, 'font-style'),
      weight: descriptor(rule, 'font-weight'),
      file: `/node_modules/${pkg}/files/${file}`,
      unicodeRange: descriptor(rule, 'unicode-range'),
      core: false,
    }
    if (file !== latin) return [face]
    return [
      { ...face, file: `/${CACHE}/${core}`, unicodeRange: formatRanges(CORE_RANGES), core: true },
      { ...face, unicodeRange: formatRanges(subtractRanges(parseUnicodeRange(face.unicodeRange), CORE_RANGES)) },
    ]
  })
}

export function webFonts() {
  let made
  const make = () => (made ??= makeCoreFiles())
  return {
    name: 'waypoint:web-fonts',
    async buildStart() {
      await make()
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined
    },
    async load(id) {
      if (id !== RESOLVED) return undefined
      await make()
      const faces = FAMILIES.flatMap(familyFaces)
      // Each file through Vite's ?url: a hashed asset in the build, served as it is in dev.
      const imports = faces.map(({ file }, i) => `import url${i} from ${JSON.stringify(`${file}?url`)}`)
      const list = faces.map(
        ({ family, style, weight, unicodeRange, core }, i) => `{ ...${JSON.stringify({ family, style, weight, unicodeRange, core })}, url: url${i} }`,
      )
      return `${imports.join('\n')}\nexport default [\n${list.join(',\n')}\n]\n`
    },
  }
}
