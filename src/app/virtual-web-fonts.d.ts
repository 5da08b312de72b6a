/** The text fonts' faces (scripts/vite-web-fonts.mjs): fontsource's, with the Latin one split into core and rest. */
declare module 'virtual:web-fonts' {
  const faces: { family: string; style: string; weight: string; unicodeRange: string; url: string; core: boolean }[]
  export default faces
}
