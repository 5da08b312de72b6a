import DOMPurify from 'dompurify'

/** The only markup an answer may carry (spec section 7: rendered as HTML, after sanitising). */
const ALLOWED_TAGS = ['a', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'p', 'mark']
const ALLOWED_ATTR = ['href']

// An instance of our own: its hook must not touch other users of DOMPurify.
const purify = DOMPurify(window)
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', 'noopener noreferrer')
  }
})

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * An answer as safe HTML: the little Markdown language models like (**bold**, [text](url)) made
 * tags, line breaks made <br>, then DOMPurify keeps only the allowed tags; links open in a new tab.
 */
export function renderAnswer(text: string): string {
  const html = text
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(
      /\[([^\]\n]+)\]\(((?:https?:\/\/|\/)[^\s)"'<>]*)\)/g,
      (_, label: string, url: string) => `<a href="${escapeAttribute(url)}">${label}</a>`,
    )
    .replace(/\r?\n/g, '<br>')
  return purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR })
}
