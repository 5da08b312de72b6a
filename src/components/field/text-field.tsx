import { SpriteIcon } from '@/components/sprite-icon/sprite-icon'
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import styles from './field.module.css'

export type FieldCommon = {
  label: string
  /** Shown once the field is touched and invalid. */
  error?: string
  /** A touched field that passed validation gets a check mark. */
  touched?: boolean
  hint?: ReactNode
  hideLabel?: boolean
  tone?: 'light' | 'dark'
  /** A control inside the field's right edge, e.g. a show/hide toggle. */
  trailing?: ReactNode
}

export function useFieldIds(error: string | undefined, touched: boolean | undefined, hint: ReactNode) {
  const id = useId()
  const showError = Boolean(touched && error)
  const describedBy = [showError ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return { id, showError, describedBy: describedBy || undefined }
}

export function FieldShell({
  id,
  label,
  hideLabel,
  error,
  showError,
  touched,
  hint,
  tone,
  trailing,
  children,
}: FieldCommon & { id: string; showError: boolean; children: ReactNode }) {
  const state = showError ? 'invalid' : touched ? 'valid' : 'idle'
  return (
    <div className={styles.field} data-state={state} data-tone={tone ?? 'light'} data-trailing={trailing ? '' : undefined}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {children}
        {state === 'invalid' ? <SpriteIcon name="circle-exclamation-point" className={styles.mark} size={18} /> : null}
        {state === 'valid' ? <SpriteIcon name="circle-check" className={styles.mark} size={18} /> : null}
        {trailing ? <div className={styles.trailing}>{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {showError ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

type TextFieldProps = FieldCommon & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> }

export function TextField({ label, error, touched, hint, hideLabel, tone, trailing, className, ...input }: TextFieldProps) {
  const { id, showError, describedBy } = useFieldIds(error, touched, hint)
  return (
    <FieldShell {...{ id, label, error, touched, hint, hideLabel, tone, trailing, showError }}>
      <input
        id={id}
        className={`${styles.input} ${className ?? ''}`}
        aria-invalid={showError || undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </FieldShell>
  )
}
