/**
 * The description markup: a line starting with "- " is a bullet, **bold** is bold and
 * [text](https://address) is a link. It is parsed into runs, never into HTML, so nothing a user
 * types can become markup; links keep only http(s) and mailto addresses.
 */
export type Run = { text: string; bold?: boolean; href?: string }
export type RichBlock = { kind: 'paragraph' | 'bullet'; runs: Run[] }

const safeHref = (href: string): string | undefined => {
  const trimmed = href.trim()
  if (/^(https?:\/\/|mailto:)/i.test(trimmed)) return trimmed
  if (/^[\w.-]+\.[a-z]{2,}(\/\S*)?$/i.test(trimmed)) return `https://${trimmed}`
  return undefined
}

const inline = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g

export function parseRuns(line: string): Run[] {
  const runs: Run[] = []
  let last = 0
  for (const match of line.matchAll(inline)) {
    if (match.index > last) runs.push({ text: line.slice(last, match.index) })
    if (match[1] !== undefined) runs.push({ text: match[1], bold: true })
    else {
      const href = safeHref(match[3]!)
      runs.push(href ? { text: match[2]!, href } : { text: match[2]! })
    }
    last = match.index + match[0].length
  }
  if (last < line.length) runs.push({ text: line.slice(last) })
  return runs
}

export function parseRichText(source: string): RichBlock[] {
  return source
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bullet = /^[-*•]\s+(.*)$/.exec(line)
      return bullet ? { kind: 'bullet' as const, runs: parseRuns(bullet[1]!) } : { kind: 'paragraph' as const, runs: parseRuns(line) }
    })
}

export const runsText = (runs: Run[]) => runs.map((run) => run.text).join('')
