import { Eye, EyeOff } from 'lucide-react'
import { useState, type ComponentProps } from 'react'
import { TextField } from './text-field'
import styles from './field.module.css'

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>

/** A password input with its own show/hide toggle (each field toggles separately). */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false)
  const what = label.toLowerCase()
  return (
    <TextField
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-label={`${visible ? 'Hide' : 'Show'} ${what}`}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      }
    />
  )
}
