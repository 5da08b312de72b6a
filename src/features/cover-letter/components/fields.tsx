import { useId, type InputHTMLAttributes } from 'react'
import { builderLayout as layout } from '@/features/documents'
import styles from './cover-letter.module.css'

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  onChange: (value: string) => void
  hint?: string
}

export function TextInput({ label, value, onChange, hint, ...rest }: TextInputProps) {
  const id = useId()
  return (
    <div className={layout.field}>
      <label htmlFor={id} className={layout.label}>
        {label}
      </label>
      <input
        id={id}
        className={layout.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...rest}
      />
      {hint ? (
        <p id={`${id}-hint`} className={layout.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

export function TextArea({
  label,
  value,
  onChange,
  hint,
  rows = 3,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  hint?: string
  rows?: number
}) {
  const id = useId()
  return (
    <div className={layout.field}>
      <label htmlFor={id} className={layout.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={layout.input}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className={layout.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

type Choice<T extends string> = { value: T; title: string; description?: string }

/** One choice of several, as cards (radio buttons underneath). */
export function RadioCards<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string
  name: string
  value: T
  choices: Choice<T>[]
  onChange: (value: T) => void
}) {
  return (
    <fieldset className={styles.cards}>
      <legend className={layout.label}>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={styles.card} data-checked={value === choice.value || undefined}>
          <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          <span className={styles.cardTitle}>{choice.title}</span>
          {choice.description ? <span className={styles.cardText}>{choice.description}</span> : null}
        </label>
      ))}
    </fieldset>
  )
}

/** Several choices up to `max`, as cards (checkboxes underneath). */
export function CheckboxCards<T extends string>({
  legend,
  values,
  choices,
  max,
  onChange,
}: {
  legend: string
  values: T[]
  choices: Choice<T>[]
  max: number
  onChange: (values: T[]) => void
}) {
  return (
    <fieldset className={styles.cards}>
      <legend className={layout.label}>
        {legend}{' '}
        <span className={styles.count}>
          ({values.length} of {max})
        </span>
      </legend>
      {choices.map((choice) => {
        const checked = values.includes(choice.value)
        return (
          <label key={choice.value} className={styles.card} data-checked={checked || undefined}>
            <input
              type="checkbox"
              checked={checked}
              disabled={!checked && values.length >= max}
              onChange={() => onChange(checked ? values.filter((v) => v !== choice.value) : [...values, choice.value])}
            />
            <span className={styles.cardTitle}>{choice.title}</span>
          </label>
        )
      })}
    </fieldset>
  )
}
