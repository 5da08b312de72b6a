import type * as v from 'valibot'

/** Field errors in the API's 400 shape, from valibot issues (first message per field). */
export function fieldErrors(issues: v.BaseIssue<unknown>[]) {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = issue.path?.[0]?.key
    const field = typeof key === 'string' ? key : 'detail'
    errors[field] ??= [issue.message]
  }
  return errors
}
