import { useId, type InputHTMLAttributes } from 'react'
import { builderLayout as layout } from '@/features/documents'
import styles from './builder.module.css'

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  onChange: (value: string) => void
}

export function TextInput({ label, value, onChange, className, ...rest }: TextInputProps) {
  const id = useId()
  return (
    <div className={`${layout.field} ${className ?? ''}`}>
      <label htmlFor={id} className={layout.label}>
        {label}
      </label>
      <input id={id} className={layout.input} value={value} onChange={(event) => onChange(event.target.value)} {...rest} />
    </div>
  )
}

/**
 * A date at the precision the resume gives: a month picker for YYYY-MM (or nothing yet), a year
 * field when only the year is known (an imported "2019" stays 2019, not January 2019).
 */
export function DateInput({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  disabled?: boolean
}) {
  return /^\d{4}$/.test(value) ? (
    <TextInput
      label={`${label} (year)`}
      inputMode="numeric"
      pattern="\d{4}(-\d{2})?"
      placeholder="YYYY or YYYY-MM"
      value={value}
      disabled={disabled}
      onChange={onChange}
    />
  ) : (
    <TextInput label={label} type="month" placeholder="YYYY-MM" value={value} disabled={disabled} onChange={onChange} />
  )
}

type SelectProps<T extends string> = {
  label: string
  value: T
  options: readonly T[]
  onChange: (value: T) => void
  labels?: Partial<Record<T, string>>
}

export function Select<T extends string>({ label, value, options, onChange, labels }: SelectProps<T>) {
  const id = useId()
  return (
    <div className={layout.field}>
      <label htmlFor={id} className={layout.label}>
        {label}
      </label>
      <select id={id} className={layout.input} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? (option || '—')}
          </option>
        ))}
      </select>
    </div>
  )
}

type RangeProps = { label: string; value: number; min: number; max: number; step?: number; unit?: string; onChange: (value: number) => void }

export function Range({ label, value, min, max, step = 1, unit = 'pt', onChange }: RangeProps) {
  const id = useId()
  return (
    <div className={layout.field}>
      <label htmlFor={id} className={layout.label}>
        {label} <output htmlFor={id} className={styles.rangeValue}>{`${value}${unit}`}</output>
      </label>
      <input id={id} type="range" min={min} max={max} step={step} value={value} onChange={(event) => onChange(Number(event.target.value))} />
    </div>
  )
}

export function ColourInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId()
  return (
    <div className={layout.field}>
      <label htmlFor={id} className={layout.label}>
        {label}
      </label>
      <input id={id} type="color" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}
