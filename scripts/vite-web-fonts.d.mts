import type { Plugin } from 'vite'
export function webFonts(): Plugin
