import MarkdownIt, { type Token } from 'markdown-it'
import type { TocEntry } from '~contract/library.ts'

/**
 * Article Markdown to HTML. `html: false` escapes any raw HTML in the source: that is the
 * sanitising (markdown-it also refuses javascript:, vbscript: and data: links). XHTML output so
 * the same HTML goes into EPUB chapters.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, xhtmlOut: true })

/** Bump when the rendering changes: every article is re-rendered on the next start. */
export const renderVersion = 'render-2'

/** A stable, readable id for a heading: lower-case words joined by dashes. */
export function headingSlug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  )
}

md.core.ruler.push('waypoint_headings', (state) => {
  const taken = new Map<string, number>()
  const tokens = state.tokens
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!
    if (open.type !== 'heading_open') continue
    const close = tokens.slice(i).find((t) => t.type === 'heading_close')!
    // The page's title is the only h1: a body h1 becomes an h2.
    if (open.tag === 'h1') {
      open.tag = 'h2'
      close.tag = 'h2'
    }
    const text = inlineText(tokens[i + 1]?.children ?? [])
    const base = headingSlug(text)
    const seen = taken.get(base) ?? 0
    taken.set(base, seen + 1)
    const id = seen === 0 ? base : `${base}-${seen + 1}`
    open.attrSet('id', id)
    open.meta = { ...(open.meta as object), text, id }
  }
})

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '')
  if (/^https?:\/\//i.test(href)) {
    tokens[idx]!.attrSet('target', '_blank')
    tokens[idx]!.attrSet('rel', 'noopener noreferrer')
  }
  return defaultLinkOpen(tokens, idx, options, env, self)
}

// A wide table or a long line of code scrolls sideways inside the article (article-body.module.css):
// focusable, so a keyboard can scroll it too.
md.core.ruler.push('waypoint_scrollable', (state) => {
  for (const token of state.tokens) if (token.type === 'table_open') token.attrSet('tabindex', '0')
})
for (const rule of ['fence', 'code_block'] as const) {
  const render = md.renderer.rules[rule]!
  md.renderer.rules[rule] = (...args) => render(...args).replace(/^<pre>/, '<pre tabindex="0">')
}

function inlineText(children: Token[]): string {
  return children
    .map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : t.type === 'softbreak' || t.type === 'hardbreak' ? ' ' : ''))
    .join('')
    .trim()
}

/** A block of an article as plain text: what narration, the PDF and snippets read. */
export type TextBlock =
  | { kind: 'heading'; level: 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'item'; text: string; depth: number; marker: string }
  | { kind: 'quote'; text: string }
  | { kind: 'code'; text: string }

export type RenderedArticle = { html: string; toc: TocEntry[]; blocks: TextBlock[]; text: string; words: number }

/** A table as the e-book PDF lays it out: rows of cell texts, the first one a header row when `header`. */
export type TableBlock = { kind: 'table'; rows: string[][]; header: boolean }
/** What the e-book PDF draws: the text blocks and the tables, in article order. */
export type BookBlock = TextBlock | TableBlock

export function renderArticle(body: string): RenderedArticle {
  const env = {}
  const tokens = md.parse(body, env)
  const html = md.renderer.render(tokens, md.options, env)
  const toc: TocEntry[] = []
  const blocks = articleBlocks(tokens, toc, false) as TextBlock[]
  const text = blocks.map((b) => b.text).join('\n\n')
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
  return { html, toc, blocks, text, words }
}

/** An article's blocks with its tables (narration and snippets read `renderArticle`'s blocks, without them). */
export function bookBlocks(body: string): BookBlock[] {
  return articleBlocks(md.parse(body, {}), [], true)
}

function articleBlocks(tokens: Token[], toc: TocEntry[], withTables: boolean): BookBlock[] {
  const blocks: BookBlock[] = []
  let table: TableBlock | null = null
  const lists: { ordered: boolean; next: number }[] = []
  let quoteDepth = 0
  // The first paragraph of a list item is the item; later ones are plain paragraphs.
  let itemOpen = false
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (t.type === 'heading_open') {
      const { text, id } = t.meta as { text: string; id: string }
      const level = Number(t.tag.slice(1)) as 2 | 3 | 4 | 5 | 6
      if (level === 2 || level === 3) toc.push({ id, title: text, level })
      blocks.push({ kind: 'heading', level, text })
    } else if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') {
      lists.push({ ordered: t.type === 'ordered_list_open', next: Number(t.attrGet('start') ?? 1) })
    } else if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') {
      lists.pop()
    } else if (t.type === 'list_item_open') itemOpen = true
    else if (t.type === 'blockquote_open') quoteDepth++
    else if (t.type === 'blockquote_close') quoteDepth--
    else if (t.type === 'inline' && tokens[i - 1]?.type === 'paragraph_open') {
      const text = inlineText(t.children ?? [])
      const list = lists.at(-1)
      if (list && itemOpen) {
        itemOpen = false
        const marker = list.ordered ? `${list.next++}.` : '•'
        if (text) blocks.push({ kind: 'item', text, depth: lists.length, marker })
      } else if (!text) continue
      else if (quoteDepth > 0) blocks.push({ kind: 'quote', text })
      else blocks.push({ kind: 'paragraph', text })
    } else if (t.type === 'fence' || t.type === 'code_block') {
      blocks.push({ kind: 'code', text: t.content.replace(/\n$/, '') })
    } else if (withTables && t.type === 'table_open') table = { kind: 'table', rows: [], header: false }
    else if (table && t.type === 'thead_open') table.header = true
    else if (table && t.type === 'tr_open') table.rows.push([])
    else if (table && t.type === 'inline' && (tokens[i - 1]?.type === 'th_open' || tokens[i - 1]?.type === 'td_open')) table.rows.at(-1)!.push(inlineText(t.children ?? []))
    else if (table && t.type === 'table_close') {
      blocks.push(table)
      table = null
    }
  }
  return blocks
}

/** Words per minute for reading time. */
export const readingSpeed = 220
export const readingMinutes = (words: number) => Math.max(1, Math.ceil(words / readingSpeed))
