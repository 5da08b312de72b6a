import type { TextareaHTMLAttributes } from 'react'
import { FieldShell, useFieldIds, type FieldCommon } from './text-field'
import styles from './field.module.css'

type TextAreaFieldProps = FieldCommon & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>

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
