import type { Plugin } from 'vite'
export function iconSprite(options: { fileName: string; icons: string[] }): Plugin
