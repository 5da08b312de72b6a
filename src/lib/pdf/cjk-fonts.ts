import type { Face, Weight } from '~pdf-engine/font-chain.ts'
import type { CjkFont } from '~pdf-engine/scripts.ts'

/**
 * Noto Sans JP, SC and KR as fontsource ships them: about 120 slices per weight, each with its
 * unicode-range, so a document fetches only the slices its characters fall in (a name in kanji
 * takes a few slices of 20–60 KB, not the 5 MB font). This module itself loads only for a text
 * with CJK characters in it.
 */

const fileUrls = import.meta.glob<string>('/node_modules/@fontsource/{noto-sans-jp,noto-sans-sc,noto-sans-kr}/files/*-[0-9]*-{400,700}-normal.woff', {
  query: '?url',
  import: 'default',
  eager: true,
})
const rangeFiles = import.meta.glob<Record<string, string>>('/node_modules/@fontsource/{noto-sans-jp,noto-sans-sc,noto-sans-kr}/unicode.json', {
  import: 'default',
})

const packages: Record<CjkFont, string> = { jp: 'noto-sans-jp', sc: 'noto-sans-sc', kr: 'noto-sans-kr' }

export async function cjkFaces(font: CjkFont, weight: Weight): Promise<Face[]> {
  const pkg = packages[font]
  const ranges = await rangeFiles[`/node_modules/@fontsource/${pkg}/unicode.json`]!()
  return Object.entries(ranges).flatMap(([key, range]) => {
    const slice = /^\[(\d+)\]$/.exec(key)?.[1]
    const url = slice === undefined ? undefined : fileUrls[`/node_modules/@fontsource/${pkg}/files/${pkg}-${slice}-${weight}-normal.woff`]
    return url ? [{ url, range }] : []
  })
}
