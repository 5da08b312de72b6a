import type { ButtonHTMLAttributes } from 'react'
import { Spinner } from '../spinner/spinner'
import styles from './button.module.css'

type Variant = 'primary' | 'secondary' | 'ghost' | 'light'

export function buttonClass(variant: Variant = 'primary', block = false) {
  return [styles.button, styles[variant], block ? styles.block : ''].join(' ')
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant
  /** Full width at the spec's submit height (42 px). */
  block?: boolean
  loading?: boolean
}

export function Button({ variant = 'primary', block, loading, children, disabled, className, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`${buttonClass(variant, block)} ${className ?? ''}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  )
}
