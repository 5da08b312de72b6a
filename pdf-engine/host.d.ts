// The little the engine takes from where it runs, which browsers and Node both give (eslint's
// `shared-node-browser` globals): tsconfig.pdf-engine.json has neither the DOM's types nor
// Node's. The builders and the server check the engine against their own, fuller declarations.

/** Font files by address (font-chain.ts's default loader; the server sets its own). */
declare function fetch(url: string): Promise<{ ok: boolean; status: number; arrayBuffer(): Promise<ArrayBuffer> }>

declare function queueMicrotask(callback: () => void): void
