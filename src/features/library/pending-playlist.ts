/**
 * A guest's 'Add to playlist' survives the sign-in detour: the audio id waits here, and the
 * article page finishes the add when the user comes back signed in (with `playerActive`).
 */
const KEY = 'waypoint:pending-playlist'

export function savePendingPlaylistAdd(audioId: string) {
  try {
    sessionStorage.setItem(KEY, audioId)
  } catch {
    // Storage unavailable: the user adds it again after signing in.
  }
}

/** The waiting audio id if it is `audioId`, removed once read. */
export function takePendingPlaylistAdd(audioId: string): boolean {
  try {
    if (sessionStorage.getItem(KEY) !== audioId) return false
    sessionStorage.removeItem(KEY)
    return true
  } catch {
    return false
  }
}
