export type SnippetPart = { text: string; marked: boolean }

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" }

/** Undoes the server's HTML escaping of a text part (the five characters it escapes). */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => entities[entity] ?? entity)
}

/**
 * Splits a server snippet ('… the <mark>interview</mark> day …', everything else escaped) into
 * text and highlighted parts, rendered as React text nodes and <mark> elements: no innerHTML.
 */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  const pattern = /<mark>([\s\S]*?)<\/mark>/g
  let last = 0
  for (let match = pattern.exec(snippet); match; match = pattern.exec(snippet)) {
    if (match.index > last) parts.push({ text: decodeEntities(snippet.slice(last, match.index)), marked: false })
    if (match[1]) parts.push({ text: decodeEntities(match[1]), marked: true })
    last = pattern.lastIndex
  }
  if (last < snippet.length) parts.push({ text: decodeEntities(snippet.slice(last)), marked: false })
  return parts
}
