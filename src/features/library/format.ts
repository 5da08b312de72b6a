// Written out rather than through Intl.DateTimeFormat: making the first formatter loads the
// browser's locale data, a long task (~70 ms on a fast desktop, four times that on a phone) in
// the middle of the app's start. The month names are those of en-GB ('Sept', as ICU has it).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']

/** '2026-01-14' → '14 Jan 2026' (publication dates are calendar days: read them in UTC). */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** Seconds → '7:32' (or '1:02:05' past an hour). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** Seconds → 'about 7 minutes', for screen readers and titles. */
export function spokenDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

export function readingTime(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`
}
