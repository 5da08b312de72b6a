import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/button/button'
import layout from './builder-layout.module.css'
import { usePreviewZoom } from './use-preview-zoom'

type Step = { key: string; label: string }

type Props<S extends Step> = {
  /** The id of the step title, which names the editor section. */
  titleId: string
  title: ReactNode
  intro: ReactNode
  steps: readonly S[]
  /** Where the user is in `steps`. */
  index: number
  onStep: (key: S['key']) => void
  /** The page's width in points, which the preview is scaled to fit. */
  pageWidthPt: number
  /** The live document at the preview column's zoom. */
  preview: (zoom: number) => ReactNode
  /** The current step's panel. */
  children: ReactNode
}

/** A builder's two columns: the current step with Back / Next, beside the live preview scaled to fit. */
export function BuilderColumns<S extends Step>({ titleId, title, intro, steps, index, onStep, pageWidthPt, preview, children }: Props<S>) {
  const { ref, zoom } = usePreviewZoom<HTMLElement>(pageWidthPt)
  const previous = steps[index - 1]
  const next = steps[index + 1]
  return (
    <div className={layout.columns}>
      <section className={layout.editor} aria-labelledby={titleId}>
        <h2 id={titleId} className={layout.stepTitle}>
          {title}
        </h2>
        <p className={layout.intro}>{intro}</p>
        {children}
        <div className={layout.stepNav}>
          {previous ? (
            <Button variant="secondary" onClick={() => onStep(previous.key)}>
              <ChevronLeft size={16} aria-hidden="true" /> Back
            </Button>
          ) : (
            <span />
          )}
          {next ? (
            <Button onClick={() => onStep(next.key)}>
              Next: {next.label} <ChevronRight size={16} aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </section>
      <section className={layout.previewPane} aria-label="Preview" ref={ref}>
        {preview(zoom)}
      </section>
    </div>
  )
}
