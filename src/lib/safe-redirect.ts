/**
 * Open-redirect guard: a redirect target must be a path on this origin.
 * Rejects absolute URLs, protocol-relative `//host`, backslash tricks and control characters.
 */
export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(value)) return false
  try {
    const base = 'https://waypoint.invalid'
    return new URL(value, base).origin === base
  } catch {
    return false
  }
}
