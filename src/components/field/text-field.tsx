import { CircleAlert, CircleCheck } from 'lucide-react'
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react'
import styles from './field.module.css'

type Common = {
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

function useFieldIds(error: string | undefined, touched: boolean | undefined, hint: ReactNode) {
  const id = useId()
  const showError = Boolean(touched && error)
  const describedBy = [showError ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return { id, showError, describedBy: describedBy || undefined }
}

function FieldShell({
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
}: Common & { id: string; showError: boolean; children: ReactNode }) {
  const state = showError ? 'invalid' : touched ? 'valid' : 'idle'
  return (
    <div className={styles.field} data-state={state} data-tone={tone ?? 'light'} data-trailing={trailing ? '' : undefined}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {children}
        {state === 'invalid' ? <CircleAlert className={styles.mark} aria-hidden="true" size={18} /> : null}
        {state === 'valid' ? <CircleCheck className={styles.mark} aria-hidden="true" size={18} /> : null}
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

type TextFieldProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> }

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

type TextAreaFieldProps = Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>

export function TextAreaField({ label, error, touched, hint, hideLabel, tone, className, ...input }: TextAreaFieldProps) {
  const { id, showError, describedBy } = useFieldIds(error, touched, hint)
  return (
    <FieldShell {...{ id, label, error, touched, hint, hideLabel, tone, showError }}>
      <textarea
        id={id}
        className={`${styles.input} ${styles.textarea} ${className ?? ''}`}
        aria-invalid={showError || undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </FieldShell>
  )
}

/** First message of a TanStack Form field's errors (valibot issues or plain strings). */
export function firstError(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string') return error
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message
  }
  return undefined
}
