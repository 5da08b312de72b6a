import DOMPurify, { type Config } from 'dompurify'
import { useRouter } from '@tanstack/react-router'
import { useMemo, useState, type MouseEvent } from 'react'
import { useHydrated } from '@/lib/use-hydrated'
import styles from './article-body.module.css'

/**
 * What an article body may contain. The server sanitises already; this is defence in depth,
 * so anything outside plain article markup (scripts, images, forms, frames, styles, event
 * handlers, javascript: URLs) never reaches the page.
 */
/** Allowed attributes that are not addresses. */
const plainAttributes = ['target', 'colspan', 'rowspan', 'scope', 'start', 'reversed', 'lang', 'dir', 'tabindex']

const config: Config = {
  ALLOWED_TAGS: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'figure',
    'figcaption',
    'sup',
    'sub',
    'abbr',
    'dl',
    'dt',
    'dd',
    'span',
    'mark',
    'del',
    'ins',
    'kbd',
    'small',
  ],
  ALLOWED_ATTR: ['href', 'title', 'id', ...plainAttributes],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#)/i,
  // Not held to ALLOWED_URI_REGEXP, which DOMPurify applies to every value (it dropped colspan="2", target="_blank", tabindex="0").
  ADD_URI_SAFE_ATTR: plainAttributes,
  ALLOW_DATA_ATTR: false,
}

let hooked = false

function sanitise(html: string): string {
  if (!hooked) {
    hooked = true
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      // A table or code block that scrolls sideways is in the tab order (server/content/markdown.ts);
      // nothing else is, and nothing is put ahead of the page's own order.
      if (node.hasAttribute('tabindex') && !(['TABLE', 'PRE'].includes(node.nodeName) && node.getAttribute('tabindex') === '0'))
        node.removeAttribute('tabindex')
      // Links that leave Waypoint must not hand it the opener or the referrer.
      if (node.nodeName !== 'A') return
      const href = node.getAttribute('href') ?? ''
      if (/^https?:/i.test(href)) node.setAttribute('rel', 'noopener noreferrer')
    })
  }
  return DOMPurify.sanitize(html, config)
}

/** The article's body, sanitised; links inside the site navigate without a page load. */
export function ArticleBody({ html }: { html: string }) {
  const router = useRouter()
  // The body the page came with (rendered in Node, src/app/prerender.tsx, from the server's own HTML:
  // its Markdown renderer escapes raw HTML and refuses unsafe links) is taken over as it is:
  // hydration keeps an element's inner HTML, so sanitising it again would only hold up the
  // page's start (a long article took DOMPurify about 25 ms). A body the app draws itself (any
  // later one, or any page without a copy) is DOMPurify's copy.
  const hydrated = useHydrated()
  const [taken] = useState(() => (hydrated ? undefined : html))
  const clean = useMemo(() => (html === taken ? html : sanitise(html)), [html, taken])

  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const anchor = (event.target as Element).closest('a')
    const href = anchor?.getAttribute('href')
    if (!href || !href.startsWith('/') || href.startsWith('//')) return
    event.preventDefault()
    void router.navigate({ href })
  }

  return <div className={styles.prose} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: clean }} />
}
