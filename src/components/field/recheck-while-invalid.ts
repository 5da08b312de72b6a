import type { AnyFieldApi } from '@tanstack/react-form'

/**
 * TanStack Form field listeners: once a field shows its blur error, re-check it as the user
 * types, so the message goes away as soon as the value is fixed (not only on the next blur,
 * which would shift the layout under the pointer while the user is clicking submit).
 */
export const recheckWhileInvalid = {
  onChange: ({ fieldApi }: { fieldApi: AnyFieldApi }) => {
    if (fieldApi.state.meta.errorMap.onBlur) void fieldApi.validate('blur')
  },
}
