import type { AnyFieldApi } from '@tanstack/react-form'
import { firstError } from './first-error'

/**
 * The props every TanStack Form text field passes to TextField/PasswordField: value, change
 * and blur wiring, and its error shown once the field was left or the form submitted.
 */
export function bindField(field: AnyFieldApi, submitted: boolean) {
  return {
    name: field.name,
    value: field.state.value as string,
    onChange: (event: { target: { value: string } }) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    touched: field.state.meta.isBlurred || submitted,
    error: firstError(field.state.meta.errors),
  }
}
