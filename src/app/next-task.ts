/**
 * Resolves in a task of its own: the work after an `await nextTask()` starts once the browser
 * has had the main thread back (to paint, to take input), so one long start-up task becomes
 * several short ones (a phone's input waits less; Lighthouse's Total Blocking Time).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
