// The router and the query cache, for src/app/boot.ts to load (and run) in a task of its own between
// React's and the app's: a module of ours in the router chunk (vite.config.ts).
export { createRouter, RouterProvider } from '@tanstack/react-router'
export { QueryClientProvider } from '@tanstack/react-query'
