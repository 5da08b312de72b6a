// The budgets `npm run bench` checks: their limits (each section prints its figure against its
// limit) and the summary table that --record writes at the top of bench/RESULTS.md, read back
// from the recorded `name: value unit [extra]` lines.

export const BUDGET_INITIAL_JS_KB = 130
export const BUDGET_BUILDER_FIRST_LOAD_KB = 250
export const BUDGET_CHAT_FIRST_TOKEN_MS = 300
export const BUDGET_PDF_EXPORT_2_PAGES_MS = 1500
/** p99 of the API load's article and search runs. */
export const BUDGET_API_P99_MS = 20
export const API_P99_BUDGET_ENDPOINTS = ['article', 'search']
export const TARGET_ASSISTANT_USEFUL_PCT = 85
export const BUDGET_ASSISTANT_FIRST_TEXT_P95_MS = 300

type Figure = { value: string; unit: string; extra: string }
type Budget = {
  /** The name of the printed figure. */
  figure: string
  /** What the limit holds when it is not the figure's own value (read from its line by `read`). */
  measure?: string
  read?: (figure: Figure) => string | undefined
  /** at most, below, or at least `limit`. */
  kind: 'max' | 'below' | 'min'
  limit: number
  unit: string
}

export const BUDGETS: Budget[] = [
  { figure: 'initial_js_gzip_/', kind: 'max', limit: BUDGET_INITIAL_JS_KB, unit: 'KB' },
  ...['/resume', '/coverletter'].map((path): Budget => ({
    figure: `first_load_js_gzip_${path}`,
    kind: 'max',
    limit: BUDGET_BUILDER_FIRST_LOAD_KB,
    unit: 'KB',
  })),
  { figure: 'chat_first_token_ms', kind: 'max', limit: BUDGET_CHAT_FIRST_TOKEN_MS, unit: 'ms' },
  // The newcomers' frozen test set first: the figure users get (issue 36); then the set tuned on, then ours.
  ...['assistant_newcomers_test', 'assistant_newcomers_dev', 'assistant_own'].flatMap((name): Budget[] => [
    { figure: `${name}_useful_pct`, kind: 'min', limit: TARGET_ASSISTANT_USEFUL_PCT, unit: '%' },
    {
      figure: `${name}_first_text_p50_ms`,
      measure: 'its p95',
      read: ({ extra }) => /\(p95 (\S+) ms/.exec(extra)?.[1],
      kind: 'below',
      limit: BUDGET_ASSISTANT_FIRST_TEXT_P95_MS,
      unit: 'ms',
    },
  ]),
  ...['resume_pdf_export_ms_2_pages', 'resume_pdf_export_ms_2_pages_cjk'].map((figure): Budget => ({
    figure,
    kind: 'max',
    limit: BUDGET_PDF_EXPORT_2_PAGES_MS,
    unit: 'ms',
  })),
  // The databases of scripts/lib/bench-load.ts's API_DATABASES.
  ...['pglite', 'postgres'].flatMap((db) =>
    API_P99_BUDGET_ENDPOINTS.map((endpoint): Budget => ({
      figure: `api_${endpoint}_${db}_p99_ms`,
      kind: 'below',
      limit: BUDGET_API_P99_MS,
      unit: 'ms',
    })),
  ),
]

const SIGN = { max: '≤', below: '<', min: '≥' } as const

/** The printed figures of bench output lines by name (comment lines, starting with '#', left out). */
function figuresOf(lines: string[]): Map<string, Figure> {
  const figures = new Map<string, Figure>()
  for (const line of lines) {
    const match = /^([^#\s][^:]*): (\S+) (\S+)(?: (.*))?$/.exec(line)
    if (match) figures.set(match[1] ?? '', { value: match[2] ?? '', unit: match[3] ?? '', extra: match[4] ?? '' })
  }
  return figures
}

/**
 * The summary table (markdown lines) of every budget against the figures in `lines`: pass, over
 * (or under, for a floor), or `not run` when the run left that figure out. Columns are padded as
 * prettier pads them, so the written file passes `prettier --check`.
 */
export function budgetTable(lines: string[]): string[] {
  const figures = figuresOf(lines)
  const rows = BUDGETS.map((budget) => {
    const figure = figures.get(budget.figure)
    const shown = figure && (budget.read ? budget.read(figure) : figure.value)
    const value = Number(shown ?? Number.NaN)
    const holds = budget.kind === 'max' ? value <= budget.limit : budget.kind === 'below' ? value < budget.limit : value >= budget.limit
    const status = !figure ? 'not run' : Number.isNaN(value) ? 'no figure' : holds ? 'pass' : budget.kind === 'min' ? 'under' : 'over'
    const recorded = figure && !Number.isNaN(value) ? `${shown} ${budget.unit}` : '-'
    return [
      `\`${budget.figure}\`${budget.measure ? ` (${budget.measure})` : ''}`,
      `${SIGN[budget.kind]} ${budget.limit} ${budget.unit}`,
      recorded,
      status,
    ]
  })
  const header = ['budget', 'limit', 'recorded', 'status']
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)))
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)]
}
