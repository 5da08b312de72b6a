/**
 * A small XML reader for the parts of an Office Open XML file (word/document.xml, styles,
 * numbering, relationships): elements with their attributes and children, text with its
 * entities decoded. No DOM, so the same code runs in the browser, in Node and in the tests.
 * Namespaces are kept as written ("w:p"): Word and LibreOffice both use the usual prefixes.
 */

export type XmlNode = { name: string; attrs: Record<string, string>; children: (XmlNode | string)[] }

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10)
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole
    }
    return entities[code] ?? whole
  })
}

const token =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g
const attribute = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

/** The document's root element; throws on text that is not XML at all. */
export function parseXml(source: string): XmlNode {
  const root: XmlNode = { name: '#document', attrs: {}, children: [] }
  const stack: XmlNode[] = [root]
  let last = 0
  token.lastIndex = 0
  for (let match = token.exec(source); match; match = token.exec(source)) {
    const top = stack.at(-1)!
    if (match.index > last) top.children.push(decodeEntities(source.slice(last, match.index)))
    last = token.lastIndex
    const [whole, cdata, closing, name, attrs, selfClosing] = match
    if (cdata !== undefined) {
      top.children.push(cdata)
      continue
    }
    if (!name || whole.startsWith('<!') || whole.startsWith('<?')) continue
    if (closing) {
      // Tolerant of a stray end tag: close up to the matching element, if there is one.
      const at = stack.findLastIndex((node) => node.name === name)
      if (at > 0) stack.length = at
      continue
    }
    const node: XmlNode = { name, attrs: {}, children: [] }
    attribute.lastIndex = 0
    for (let a = attribute.exec(attrs ?? ''); a; a = attribute.exec(attrs ?? '')) node.attrs[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '')
    top.children.push(node)
    if (!selfClosing) stack.push(node)
  }
  const element = root.children.find((child): child is XmlNode => typeof child !== 'string')
  if (!element) throw new Error('not XML')
  return element
}

export const elements = (node: XmlNode | undefined, name?: string): XmlNode[] =>
  (node?.children ?? []).filter((child): child is XmlNode => typeof child !== 'string' && (name === undefined || child.name === name))

export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => elements(node, name)[0]

/** The first element at a path of names below a node ("w:pPr", "w:pStyle"). */
export const at = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined => path.reduce((n, name) => child(n, name), node)

/** Every element of a name anywhere below a node, in document order. */
export function descendants(node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of elements(node)) {
    if (c.name === name) out.push(c)
    descendants(c, name, out)
  }
  return out
}

export const textOf = (node: XmlNode): string => node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('')
