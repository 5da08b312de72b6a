/** The sprite's address (scripts/vite-icon-sprite.mjs). */
declare module 'virtual:icon-sprite' {
  const url: string
  export default url
}
