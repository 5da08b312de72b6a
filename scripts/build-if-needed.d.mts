export declare const ROOT: string
export declare const DIST: string
export declare const FINGERPRINT_FILE: string
export declare const BUILD_OUTPUTS: string[]
export declare function listInputs(root?: string): string[]
export declare function computeFingerprint(root?: string): string
export declare function buildReason(fingerprint?: string): string | null
export interface EnsureBuildOptions {
  /** Prefix of the log lines, e.g. 'start' gives "[start] ...". */
  label?: string
  log?: (line: string) => void
  /** 'inherit' (default) streams the build output; 'stderr' streams all of it to stderr; 'pipe' keeps it for the error message. */
  stdio?: 'inherit' | 'stderr' | 'pipe'
  force?: boolean
}
export interface EnsureBuildResult {
  built: boolean
  reason: string | null
  fingerprint: string
}
export declare function ensureBuild(options?: EnsureBuildOptions): Promise<EnsureBuildResult>
export declare function pidAlive(pid: number): boolean
