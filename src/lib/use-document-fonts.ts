import { useEffect, useState } from 'react'
import type { FontType } from '~contract/resume.ts'
import { documentCjk, loadDocumentFont, loadScriptFonts } from './document-fonts'
import type { CjkFont } from '~pdf-engine/scripts.ts'

/**
 * Loads a builder document's font and, when its text has Chinese, Japanese or Korean, that
 * script's slices; answers a number that changes each time more faces are there, so the preview
 * measures its pages again.
 */
export function useDocumentFonts(fontType: FontType, data: unknown): number {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    let live = true
    void loadDocumentFont(fontType).then(() => live && setTick((n) => n + 1))
    return () => {
      live = false
    }
  }, [fontType])

  const cjk = documentCjk(data)
  useEffect(() => {
    let live = true
    void loadScriptFonts(cjk ? (cjk.split(',') as CjkFont[]) : []).then(() => live && setTick((n) => n + 1))
    return () => {
      live = false
    }
  }, [cjk])
  return tick
}
