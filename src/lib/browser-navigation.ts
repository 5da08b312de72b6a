/**
 * Leaving the single-page app: real browser navigations (the spec's "full load" and reloads).
 * One object so tests can watch them.
 */
export const browserNavigation = {
  load(href: string) {
    window.location.assign(href)
  },
  /** A full load that takes the current history entry's place (Back skips it). */
  replace(href: string) {
    window.location.replace(href)
  },
  reload() {
    window.location.reload()
  },
}
