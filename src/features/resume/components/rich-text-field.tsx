import { useId, useRef } from 'react'
import { builderLayout as layout } from '@/features/documents'
import styles from './builder.module.css'

type RichTextFieldProps = { label: string; value: string; onChange: (value: string) => void; rows?: number }

/** A plain textarea with three helpers: bold, bullet and link insert the small markup. */
export function RichTextField({ label, value, onChange, rows = 5 }: RichTextFieldProps) {
  const id = useId()
  const area = useRef<HTMLTextAreaElement>(null)

  const wrap = (before: string, after: string, placeholder: string) => {
    const field = area.current
    if (!field) return
    const { selectionStart: start, selectionEnd: end } = field
    const chosen = value.slice(start, end) || placeholder
    const next = `${value.slice(0, start)}${before}${chosen}${after}${value.slice(end)}`
    onChange(next)
    requestAnimationFrame(() => {
      field.focus()
      field.setSelectionRange(start + before.length, start + before.length + chosen.length)
    })
  }

  const bullet = () => {
    const field = area.current
    if (!field) return
    const start = value.lastIndexOf('\n', field.selectionStart - 1) + 1
    if (value.startsWith('- ', start)) return
    onChange(`${value.slice(0, start)}- ${value.slice(start)}`)
    requestAnimationFrame(() => field.focus())
  }

  return (
    <div className={layout.field}>
      <label htmlFor={id} className={layout.label}>
        {label}
      </label>
      <div className={styles.toolbar} role="toolbar" aria-label={`${label} formatting`}>
        <button type="button" onClick={() => wrap('**', '**', 'bold text')}>
          <strong>B</strong> Bold
        </button>
        <button type="button" onClick={bullet}>
          • Bullet
        </button>
        <button type="button" onClick={() => wrap('[', '](https://)', 'link text')}>
          Link
        </button>
      </div>
      <textarea id={id} ref={area} className={layout.textarea} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />
      <p className={layout.hint}>Start a line with “- ” for a bullet, **bold**, [text](https://link).</p>
    </div>
  )
}
