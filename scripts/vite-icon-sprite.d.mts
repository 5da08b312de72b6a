import type { Plugin } from 'vite'
export function iconSprite(options: { icons: string[] }): Plugin
