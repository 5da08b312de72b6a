/** Where the inspector's 'open on every visit' setting is kept. */
export const INSPECTOR_SETTING_KEY = 'waypoint:inspector'

/**
 * Whether this page load inspects its state machines: ?inspect=1 (or =0 to override the
 * setting), else the stored setting. Read once; kept apart so the first page load carries
 * only this check.
 */
export const inspectorEnabled: boolean = (() => {
  if (typeof window === 'undefined') return false
  const param = new URLSearchParams(window.location.search).get('inspect')
  if (param === '1') return true
  if (param === '0') return false
  try {
    return window.localStorage.getItem(INSPECTOR_SETTING_KEY) === '1'
  } catch {
    return false
  }
})()
