import type { FontType } from '~contract/resume.ts'
import interBold from '@fontsource/inter/files/inter-latin-700-normal.woff?url'
import interRegular from '@fontsource/inter/files/inter-latin-400-normal.woff?url'
import latoBold from '@fontsource/lato/files/lato-latin-700-normal.woff?url'
import latoRegular from '@fontsource/lato/files/lato-latin-400-normal.woff?url'
import loraBold from '@fontsource/lora/files/lora-latin-700-normal.woff?url'
import loraRegular from '@fontsource/lora/files/lora-latin-400-normal.woff?url'
import merriweatherBold from '@fontsource/merriweather/files/merriweather-latin-700-normal.woff?url'
import merriweatherRegular from '@fontsource/merriweather/files/merriweather-latin-400-normal.woff?url'
import sourceSansBold from '@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff?url'
import sourceSansRegular from '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff?url'

/**
 * The fonts of the builders' documents (resume and cover letter share them, so a pair looks
 * like one application): one file per weight, bundled from @fontsource (latin), used by the
 * preview (FontFace) and embedded in the PDF (the same bytes, so both measure text alike).
 * 'Default' is Inter, the font of the app itself.
 */
export const documentFonts: Record<FontType, { family: string; regular: string; bold: string; fallback: string }> = {
  Default: { family: 'Resume Inter', regular: interRegular, bold: interBold, fallback: 'sans-serif' },
  Lato: { family: 'Resume Lato', regular: latoRegular, bold: latoBold, fallback: 'sans-serif' },
  Merriweather: { family: 'Resume Merriweather', regular: merriweatherRegular, bold: merriweatherBold, fallback: 'serif' },
  'Source Sans 3': { family: 'Resume Source Sans 3', regular: sourceSansRegular, bold: sourceSansBold, fallback: 'sans-serif' },
  Lora: { family: 'Resume Lora', regular: loraRegular, bold: loraBold, fallback: 'serif' },
}

export const fontStack = (type: FontType) => `'${documentFonts[type].family}', ${documentFonts[type].fallback}`

const loaded = new Map<FontType, Promise<void>>()

/** Registers a font's two weights with the document, once; the preview waits for it. */
export function loadDocumentFont(type: FontType): Promise<void> {
  let done = loaded.get(type)
  if (!done) {
    const font = documentFonts[type]
    done =
      typeof FontFace === 'undefined'
        ? Promise.resolve()
        : Promise.all(
            [
              [font.regular, '400'],
              [font.bold, '700'],
            ].map(async ([url, weight]) => {
              const face = new FontFace(font.family, `url(${url})`, { weight })
              document.fonts.add(await face.load())
            }),
          ).then(
            () => undefined,
            () => undefined,
          )
    loaded.set(type, done)
  }
  return done
}
