// How the bench's sections print: `name: value unit [extra]` lines on stdout (what --record keeps
// and what the README's figures are read from), progress on stderr.

/** One figure: `emit('search_p95_ms', '12.3', 'ms', '(p99 20.1 ms)')`. */
export type Emit = (name: string, value: string | number, unit: string, extra?: string) => void
/** A progress line for stderr. */
export type Progress = (line: string) => void

export const emit: Emit = (name, value, unit, extra = '') => console.log(`${name}: ${value} ${unit}${extra ? ` ${extra}` : ''}`)

/** Progress lines as `[label] ...` on stderr. */
export const progressTo =
  (label: string): Progress =>
  (line) =>
    console.error(`[${label}] ${line}`)
