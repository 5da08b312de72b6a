import { Button } from '@/components/button/button'
import type { Unsupported } from '~pdf-engine/scripts.ts'
import layout from './builder-layout.module.css'

const list = (chars: string[]) => chars.slice(0, 12).join(' ') + (chars.length > 12 ? ' …' : '')

/** Before a PDF download: the characters the PDF cannot write, and the choice to go on or not. */
export function UnsupportedText({ found, onDownload, onCancel }: { found: Unsupported; onDownload: () => void; onCancel: () => void }) {
  return (
    <div className={layout.warning} role="alert">
      {found.rightToLeft.length > 0 ? (
        <p>
          Right-to-left text (Arabic, Hebrew and similar) cannot be laid out in the PDF yet: these letters would print as empty boxes:{' '}
          <span dir="auto">{list(found.rightToLeft)}</span>. The plain-text download keeps them.
        </p>
      ) : null}
      {found.other.length > 0 ? <p>The PDF has no font for these characters, so they would print as empty boxes: {list(found.other)}.</p> : null}
      <div className={layout.actions}>
        <Button variant="secondary" onClick={onDownload}>
          Download the PDF anyway
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
