// Light on purpose: the layout and the library import this with their first page. The player
// itself (machine, wavesurfer, components) loads on demand from player-host.
export { PlayerHost, isPlayerPage } from './components/player-host'
export { announceAdded, playlistQueryKey, showPlayer } from './player-bus'
export { playlistQueryOptions } from './api/get-playlist'
