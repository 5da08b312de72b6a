export declare const CHROMIUM_CANDIDATES: string[]
export declare const CHROMIUM_ARGS: string[]
export declare const INSTALL_HINT: string
export declare function findChromium(): string | null
export declare function searchedPaths(): string
