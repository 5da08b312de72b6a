// React's DOM renderer, for src/app/boot.ts to load (and run) on its own before the app: a module of
// ours in the framework chunk (vite.config.ts), so the page's entry needs none of the bundler's
// helpers for CommonJS packages and asks for no other file before the first paint.
export { createRoot, hydrateRoot } from 'react-dom/client'
