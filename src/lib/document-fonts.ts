import type { FontType } from '~contract/resume.ts'
import type { Face, Weight } from '~pdf-engine/font-chain.ts'
import { cjkOrder, subsetRanges, type CjkFont, type Subset } from '~pdf-engine/scripts.ts'

/**
 * The fonts of the builders' documents (resume and cover letter share them, so a pair looks
 * like one application), self-hosted from @fontsource as one file per script subset and weight.
 * The preview registers every file as a FontFace with its unicode-range, so the browser fetches
 * only the scripts a text uses; the PDF writer embeds the very same files (so both measure text
 * alike). Each font falls back to Noto Sans or Noto Serif for the scripts it lacks (Lato has no
 * Greek, Cyrillic or Vietnamese; Lora and Merriweather no Greek), then to Noto Sans JP, SC or KR,
 * which load only when a text has Chinese, Japanese or Korean in it. 'Default' is Inter, the
 * font of the app itself.
 */

export type { Face, Weight } from '~pdf-engine/font-chain.ts'

const fileUrls = import.meta.glob<string>(
  '/node_modules/@fontsource/{inter,lato,lora,merriweather,source-sans-3,noto-sans,noto-serif}/files/*-{latin,latin-ext,vietnamese,greek,greek-ext,cyrillic,cyrillic-ext}-{400,700}-normal.woff',
  { query: '?url', import: 'default', eager: true },
)

const subsets = Object.keys(subsetRanges) as Subset[]

function faces(pkg: string, weight: Weight): Face[] {
  return subsets.flatMap((subset) => {
    const url = fileUrls[`/node_modules/@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff`]
    return url ? [{ url, range: subsetRanges[subset] }] : []
  })
}

type FamilySpec = { family: string; pkg: string; fallback: 'sans-serif' | 'serif' }
const families: Record<FontType, FamilySpec> = {
  Default: { family: 'Resume Inter', pkg: 'inter', fallback: 'sans-serif' },
  Lato: { family: 'Resume Lato', pkg: 'lato', fallback: 'sans-serif' },
  Merriweather: { family: 'Resume Merriweather', pkg: 'merriweather', fallback: 'serif' },
  'Source Sans 3': { family: 'Resume Source Sans 3', pkg: 'source-sans-3', fallback: 'sans-serif' },
  Lora: { family: 'Resume Lora', pkg: 'lora', fallback: 'serif' },
}

export type DocumentFont = { family: string; fallback: string; chain: (weight: Weight) => Face[] }

/** A font's faces in the order the PDF writer tries them: its own subsets, then Noto's. */
export const documentFonts: Record<FontType, DocumentFont> = Object.fromEntries(
  Object.entries(families).map(([type, spec]) => [
    type,
    {
      family: spec.family,
      fallback: spec.fallback,
      chain: (weight: Weight) => [...faces(spec.pkg, weight), ...faces(spec.fallback === 'serif' ? 'noto-serif' : 'noto-sans', weight)],
    },
  ]),
) as Record<FontType, DocumentFont>

export const cjkFamilies: Record<CjkFont, string> = { jp: 'Resume Noto Sans JP', sc: 'Resume Noto Sans SC', kr: 'Resume Noto Sans KR' }

/** The CSS font stack of the preview: the same faces, in the same order, as the PDF. */
export const fontStack = (type: FontType, cjk: readonly CjkFont[] = []) =>
  [`'${documentFonts[type].family}'`, ...cjk.map((font) => `'${cjkFamilies[font]}'`), documentFonts[type].fallback].join(', ')

/** The CJK fonts a document needs, best first, as a string that only changes when they do. */
export const documentCjk = (data: unknown): string => cjkOrder(JSON.stringify(data)).join(',')

const registered = new Map<string, Promise<void>>()

function register(family: string, faceList: { face: Face; weight: Weight }[], loadFirst: boolean): Promise<void> {
  let done = registered.get(family)
  if (!done) {
    if (typeof FontFace === 'undefined') done = Promise.resolve()
    else {
      // Later faces win where ranges overlap: the fallbacks go in first.
      const added = [...faceList].reverse().map(({ face, weight }) => {
        const fontFace = new FontFace(family, `url(${face.url}) format('woff')`, { weight: String(weight), unicodeRange: face.range })
        document.fonts.add(fontFace)
        return fontFace
      })
      // The Latin faces load now (the preview measures with them); the rest when a text needs them.
      done = Promise.all(loadFirst ? added.filter((face) => face.unicodeRange.startsWith('U+0000')).map((face) => face.load()) : []).then(
        () => undefined,
        () => undefined,
      )
    }
    registered.set(family, done)
  }
  return done
}

/** Registers a font's faces with the document, once; the preview waits for its Latin faces. */
export function loadDocumentFont(type: FontType): Promise<void> {
  const font = documentFonts[type]
  return register(
    font.family,
    ([400, 700] as const).flatMap((weight) => font.chain(weight).map((face) => ({ face, weight }))),
    true,
  )
}

/** Registers the CJK faces a document needs (their file list loads only then). */
export async function loadScriptFonts(order: readonly CjkFont[]): Promise<void> {
  if (order.length === 0) return
  const { cjkFaces } = await import('./pdf/cjk-fonts')
  await Promise.all(
    order.map(async (font) =>
      register(
        cjkFamilies[font],
        (await Promise.all(([400, 700] as const).map(async (weight) => (await cjkFaces(font, weight)).map((face) => ({ face, weight }))))).flat(),
        false,
      ),
    ),
  )
}
