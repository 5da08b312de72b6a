import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import * as flags from 'country-flag-icons/string/3x2'
import { TrueTypeFont } from '~pdf-engine/truetype.ts'
import { escapeXml } from '../../lib/text.ts'
import { articleCover, type Library } from '../library/index.ts'
import { textPath } from './glyph-paths.ts'
import type { Places } from '../places/index.ts'

/**
 * The pictures a shared link shows (Open Graph images): 1200x630 PNGs, since the sites that
 * preview links (Facebook, LinkedIn, X, messengers) do not take SVG. Drawn as SVG here, its
 * text as outlines from the fonts the app ships (Inter and Noto Serif in Latin, Latin Extended,
 * Greek, Cyrillic and Vietnamese), and rasterised by resvg (WebAssembly: no native code, no
 * system fonts). Drawing a card takes 0.1 to 0.3 s of CPU, so it runs on a thread of its own,
 * one card at a time, and the last cards drawn are kept.
 */

const SHARE_CARD = { width: 1200, height: 630 } as const

const require = createRequire(import.meta.url)
const fontFile = (pkg: string, file: string) => join(dirname(require.resolve(`@fontsource/${pkg}/package.json`)), 'files', file)
const subsets = ['latin', 'latin-ext', 'greek', 'cyrillic', 'vietnamese'] as const

type Family = 'inter' | 'noto-serif'

const loaded = new Map<string, TrueTypeFont[]>()
/** A family's weight as faces, one per subset in the order a character looks for its glyph. */
function facesOf(pkg: Family, weight: number): TrueTypeFont[] {
  const key = `${pkg} ${weight}`
  let faces = loaded.get(key)
  if (!faces) {
    faces = subsets.flatMap((subset) => {
      const file = fontFile(pkg, `${pkg}-${subset}-${weight}-normal.woff`)
      return existsSync(file) ? [new TrueTypeFont(readFileSync(file))] : []
    })
    loaded.set(key, faces)
  }
  return faces
}

/** The characters of `text` that the cards' Inter or Noto Serif does not have (they would show as boxes). */
export function missingGlyphs(text: string): string[] {
  const families = [facesOf('inter', 400), facesOf('noto-serif', 700)]
  const missing = new Set<string>()
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (!/\s/.test(char) && families.some((faces) => !faces.some((face) => face.hasCodePoint(code)))) missing.add(char)
  }
  return [...missing]
}

const attribute = (attributes: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1]
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!)

/**
 * The SVG with its texts (a <text> with plain text, or with <tspan x y> lines) drawn as outlines
 * from the packaged fonts (glyph-paths.ts): Fraunces and Noto Serif titles in Noto Serif (Fraunces
 * ships as WOFF2 only), the rest in Inter. The rasteriser then needs no fonts, and a place name
 * such as "Al Aḩmadī" takes each letter from the subset that has it.
 */
export function textAsOutlines(svg: string): string {
  return svg.replace(/<text\b([^>]*)>([\s\S]*?)<\/text>/g, (_, attributes: string, inner: string) => {
    const family: Family = /^(Fraunces|Noto Serif)/.test(attribute(attributes, 'font-family') ?? '') ? 'noto-serif' : 'inter'
    const weight = Number(attribute(attributes, 'font-weight') ?? 400)
    const faces = facesOf(family, family === 'noto-serif' ? 700 : weight >= 650 ? 700 : weight >= 550 ? 600 : 400)
    const size = Number(attribute(attributes, 'font-size') ?? 16)
    const spacing = Number(attribute(attributes, 'letter-spacing') ?? 0)
    const anchor = attribute(attributes, 'text-anchor') === 'end' ? 'end' : 'start'
    const fill = attribute(attributes, 'fill') ?? '#000000'
    const lines = inner.includes('<tspan')
      ? [...inner.matchAll(/<tspan\b([^>]*)>([^<]*)<\/tspan>/g)].map(([, own, text]) => ({ attributes: own!, text: text! }))
      : [{ attributes, text: inner }]
    const d = lines
      .map((line) => {
        const x = Number(attribute(line.attributes, 'x') ?? attribute(attributes, 'x') ?? 0)
        const y = Number(attribute(line.attributes, 'y') ?? attribute(attributes, 'y') ?? 0)
        return textPath(decode(line.text), faces, { x, y, size, spacing, anchor })
      })
      .join('')
    return `<path fill="${fill}" d="${d}"/>`
  })
}

/**
 * The rasteriser's thread: resvg loads there once; each message is an SVG, each
 * answer its PNG or the error. Plain JavaScript run by `eval`, so it works the same from the
 * built server and from the sources under test.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads')
const { readFileSync } = require('node:fs')
const { initWasm, Resvg } = require(workerData.resvg)
const ready = initWasm(readFileSync(workerData.wasm))
parentPort.on('message', async ({ id, svg }) => {
  try {
    await ready
    const renderer = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } })
    const image = renderer.render()
    const png = image.asPng()
    image.free()
    renderer.free()
    parentPort.postMessage({ id, png }, [png.buffer])
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) })
  }
})
`

/** A render that takes longer than this is given up (and its thread replaced). */
const RENDER_TIMEOUT_MS = 15_000

type Pending = { resolve: (png: Uint8Array<ArrayBuffer>) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }

/** One rasteriser thread, started on first use and again after it fails; idle, it does not hold the process open. */
function rasteriser() {
  let worker: Worker | undefined
  let nextId = 0
  const pending = new Map<number, Pending>()

  const failAll = (error: Error) => {
    for (const [id, job] of pending) {
      clearTimeout(job.timer)
      job.reject(error)
      pending.delete(id)
    }
  }
  const stop = (error: Error) => {
    const old = worker
    worker = undefined
    failAll(error)
    void old?.terminate()
  }

  function thread(): Worker {
    if (worker) return worker
    const started = new Worker(workerSource, {
      eval: true,
      workerData: { resvg: require.resolve('@resvg/resvg-wasm'), wasm: require.resolve('@resvg/resvg-wasm/index_bg.wasm') },
    })
    started.unref()
    started.on('message', (answer: { id: number; png?: Uint8Array; error?: string }) => {
      const job = pending.get(answer.id)
      if (!job) return
      pending.delete(answer.id)
      clearTimeout(job.timer)
      if (pending.size === 0) started.unref()
      if (answer.png) job.resolve(new Uint8Array(answer.png))
      else job.reject(new Error(`share card: ${answer.error ?? 'no image'}`))
    })
    started.on('error', (error) => {
      if (worker === started) stop(new Error(`share card: ${error.message}`))
    })
    started.on('exit', (code) => {
      if (worker === started) stop(new Error(`share card: the renderer stopped (exit code ${code})`))
    })
    worker = started
    return started
  }

  return (svg: string) =>
    new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
      const id = nextId++
      const timer = setTimeout(() => stop(new Error('share card: the render took too long')), RENDER_TIMEOUT_MS)
      pending.set(id, { resolve, reject, timer })
      const running = thread()
      running.ref()
      running.postMessage({ id, svg })
    })
}

/** A country's flag (ISO 3166-1 alpha-2) as SVG markup placed at x, y in a w x h box; undefined when there is none. */
function flagAt(code: string, x: number, y: number, w: number, h: number): string | undefined {
  const svg = (flags as Record<string, string | undefined>)[code.toUpperCase()]
  if (!svg) return undefined
  return svg.replace(/^<svg\b[^>]*?(viewBox="[^"]*")[^>]*>/, `<svg x="${x}" y="${y}" width="${w}" height="${h}" $1 preserveAspectRatio="none">`)
}

/** A place's name on one line, or on two broken where the longer line is shortest (at a space, or after a hyphen). */
function nameLines(name: string): string[] {
  const length = (text: string) => [...text].length
  if (length(name) <= 20) return [name]
  let best = [name]
  for (const match of name.matchAll(/ |(?<=-)/g)) {
    const lines = [name.slice(0, match.index).trimEnd(), name.slice(match.index).trimStart()]
    if (Math.max(...lines.map(length)) < Math.max(...best.map(length))) best = lines
  }
  return best
}

/** The card a shared link to a place page shows: its flag, name and country. */
export function placeCardSvg(input: { name: string; kind: string; countryName: string; countryCode: string }): string {
  const { width, height } = SHARE_CARD
  const flag = flagAt(input.countryCode, 72, 72, 240, 160)
  const lines = nameLines(input.name)
  // Noto Serif Bold averages about 0.6 em a character: the longest line fits 1,056 px.
  const size = Math.min(104, Math.floor(1056 / (0.6 * Math.max(...lines.map((line) => [...line].length)))))
  const what = input.kind === 'metro' ? 'Metro area' : input.kind === 'country' ? 'Country' : 'City'
  const top = 330 + size * 0.35
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<rect width="${width}" height="${height}" fill="#1f3a5f"/>`,
    `<circle cx="${width - 120}" cy="110" r="260" fill="#2c5282" opacity="0.6"/>`,
    `<circle cx="${width - 60}" cy="560" r="150" fill="#2c5282" opacity="0.45"/>`,
    flag ? `<rect x="64" y="64" width="256" height="176" rx="14" fill="#ffffff"/>${flag}` : '',
    `<text x="72" y="${flag ? 300 : 150}" fill="#f6ad55" font-family="Inter" font-size="30" font-weight="600" letter-spacing="3">${escapeXml(`${what} in ${input.countryName}`.toUpperCase())}</text>`,
    `<text fill="#ffffff" font-family="Noto Serif" font-size="${size}" font-weight="700">`,
    ...lines.map((line, i) => `<tspan x="72" y="${Math.round((flag ? top : top - 150) + (i + 0.65) * size * 1.1)}">${escapeXml(line)}</tspan>`),
    '</text>',
    `<text x="72" y="${height - 64}" fill="#e2e8f0" font-family="Inter" font-size="30">Pay and prices from official statistics</text>`,
    `<text x="${width - 72}" y="${height - 64}" fill="#ffffff" font-family="Inter" font-size="30" font-weight="700" letter-spacing="4" text-anchor="end">WAYPOINT</text>`,
    '</svg>',
  ].join('')
}

export type ShareCard = { png: Uint8Array<ArrayBuffer>; etag: string }

/**
 * The share cards of articles and place pages, drawn one at a time on the rasteriser's thread;
 * the last `keep` are kept. Undefined for an article or place that does not exist.
 */
export function createShareCards({ library, places }: { library: Library; places: Places }, keep = 64) {
  const rasterise = rasteriser()
  const done = new Map<string, ShareCard>()
  let queue: Promise<unknown> = Promise.resolve()

  function card(key: string, svg: () => string): Promise<ShareCard> {
    const kept = done.get(key)
    if (kept) {
      done.delete(key)
      done.set(key, kept)
      return Promise.resolve(kept)
    }
    const next = queue.then(async () => {
      const made = done.get(key) ?? { png: await rasterise(svg()), etag: `"${createHash('sha256').update(key).digest('hex').slice(0, 16)}"` }
      done.set(key, made)
      if (done.size > keep) done.delete(done.keys().next().value!)
      return made
    })
    queue = next.catch(() => undefined)
    return next
  }

  return {
    async article(slug: string): Promise<ShareCard | undefined> {
      const article = (await library.snapshot()).bySlug.get(slug)
      if (!article) return undefined
      const { title, category } = article
      return card(`article ${slug} ${article.contentHash}`, () =>
        textAsOutlines(articleCover({ slug, title, categorySlug: category.slug, categoryTitle: category.title })),
      )
    },
    /** A city's or metro's card (a country's page is signed-in only, and has none). */
    place(countrySlug: string, slug: string): Promise<ShareCard> | undefined {
      const country = places.countryBySlug(countrySlug)
      const place = country && slug !== country.slug ? places.find(`${country.slug}/${slug}`) : undefined
      if (!place) return undefined
      const input = { name: place.display, kind: place.kind, countryName: place.country.name, countryCode: place.country.code }
      return card(`place ${JSON.stringify(input)}`, () => textAsOutlines(placeCardSvg(input)))
    },
  }
}

export type ShareCards = ReturnType<typeof createShareCards>
