import type { Plugin } from 'vite'
export function serviceWorker(): Plugin
