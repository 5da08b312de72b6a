// Narration: articles read aloud (one engine process per article) and the listener's playlist.
export { createPlaylist, type Playlist } from './playlist.ts'
export { createNarrator, type AudioState, type Narrator } from './tts.ts'
