import { createHash } from 'node:crypto'
import { escapeXml } from '../../lib/text.ts'

/**
 * Cover illustrations drawn here: one palette and pattern per category, placed by a generator
 * seeded from the slug, so a cover never changes unless its title does.
 */
type Palette = { background: string; shade: string; accent: string; ink: string }

const palettes: Record<string, Palette & { pattern: Pattern }> = {
  'career-development': { background: '#1f3a5f', shade: '#2c5282', accent: '#f6ad55', ink: '#ffffff', pattern: 'steps' },
  'networking-and-connections': { background: '#234e52', shade: '#2c7a7b', accent: '#fbd38d', ink: '#ffffff', pattern: 'nodes' },
  'internship-and-training': { background: '#44337a', shade: '#6b46c1', accent: '#9ae6b4', ink: '#ffffff', pattern: 'grid' },
  'standardized-tests': { background: '#742a2a', shade: '#9b2c2c', accent: '#fefcbf', ink: '#ffffff', pattern: 'dots' },
  'application-materials': { background: '#22543d', shade: '#2f855a', accent: '#faf089', ink: '#ffffff', pattern: 'lines' },
  'interview-tips': { background: '#7b341e', shade: '#c05621', accent: '#bee3f8', ink: '#ffffff', pattern: 'bubbles' },
  'university-admission': { background: '#2a4365', shade: '#3182ce', accent: '#fed7e2', ink: '#ffffff', pattern: 'arches' },
  'job-hunting': { background: '#1a202c', shade: '#4a5568', accent: '#68d391', ink: '#ffffff', pattern: 'rings' },
}
const fallback: Palette & { pattern: Pattern } = {
  background: '#2d3748',
  shade: '#4a5568',
  accent: '#f6e05e',
  ink: '#ffffff',
  pattern: 'dots',
}

type Pattern = 'steps' | 'nodes' | 'grid' | 'dots' | 'lines' | 'bubbles' | 'arches' | 'rings'

/** Splits text into lines of at most `width` characters (a long word gets a line of its own). */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  if (lines.length > maxLines) {
    lines.length = maxLines
    lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/[\s.,;:]+$/, '')}…`
  }
  return lines
}

/** A small deterministic generator (mulberry32) seeded from text. */
function random(seedText: string) {
  let seed = createHash('sha256').update(seedText).digest().readUInt32LE(0)
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pattern(kind: Pattern, p: Palette, rand: () => number, width: number, height: number): string {
  const shapes: string[] = []
  const r = (n: number) => Math.round(n)
  switch (kind) {
    case 'steps':
      for (let i = 0; i < 6; i++) {
        const w = width / 6
        const h = (height * 0.12 + rand() * 20) * (i + 1) * 0.6
        shapes.push(`<rect x="${r(i * w)}" y="${r(height - h)}" width="${r(w - 6)}" height="${r(h)}" fill="${p.shade}" opacity="0.55"/>`)
      }
      break
    case 'nodes': {
      const points = Array.from({ length: 9 }, () => [r(rand() * width), r(rand() * height)] as const)
      points.forEach(([x, y], i) => {
        const [nx, ny] = points[(i + 1) % points.length]!
        shapes.push(`<line x1="${x}" y1="${y}" x2="${nx}" y2="${ny}" stroke="${p.shade}" stroke-width="3"/>`)
      })
      for (const [x, y] of points) shapes.push(`<circle cx="${x}" cy="${y}" r="${r(10 + rand() * 14)}" fill="${p.shade}"/>`)
      break
    }
    case 'grid':
      for (let x = 0; x < width; x += 60) {
        for (let y = 0; y < height; y += 60) {
          if (rand() < 0.35) shapes.push(`<rect x="${x + 8}" y="${y + 8}" width="44" height="44" rx="6" fill="${p.shade}" opacity="0.6"/>`)
        }
      }
      break
    case 'dots':
      for (let x = 30; x < width; x += 48) {
        for (let y = 30; y < height; y += 48) {
          shapes.push(`<circle cx="${x}" cy="${y}" r="${r(3 + rand() * 7)}" fill="${p.shade}"/>`)
        }
      }
      break
    case 'lines':
      for (let i = 0; i < 14; i++) {
        const y = r(i * (height / 14) + rand() * 12)
        const w = r(width * (0.3 + rand() * 0.7))
        shapes.push(`<rect x="${width - w}" y="${y}" width="${w}" height="10" rx="5" fill="${p.shade}" opacity="0.6"/>`)
      }
      break
    case 'bubbles':
      for (let i = 0; i < 7; i++) {
        const x = r(rand() * width)
        const y = r(rand() * height)
        const w = r(120 + rand() * 160)
        shapes.push(`<rect x="${x}" y="${y}" width="${w}" height="${r(w * 0.5)}" rx="28" fill="${p.shade}" opacity="0.55"/>`)
      }
      break
    case 'arches':
      for (let i = 0; i < 5; i++) {
        const x = r((i + 0.5) * (width / 5))
        const rad = r(50 + rand() * 40)
        shapes.push(
          `<path d="M${x - rad} ${height} V${height - 160 - rad} A${rad} ${rad} 0 0 1 ${x + rad} ${height - 160 - rad} V${height} Z" fill="${p.shade}" opacity="0.6"/>`,
        )
      }
      break
    case 'rings':
      for (let i = 0; i < 5; i++) {
        shapes.push(
          `<circle cx="${r(width * 0.8)}" cy="${r(height * 0.3)}" r="${60 + i * 55}" fill="none" stroke="${p.shade}" stroke-width="${r(8 + rand() * 10)}" opacity="0.7"/>`,
        )
      }
      break
  }
  return shapes.join('')
}

/** A 1200x630 cover for an article card or share preview. */
export function articleCover(input: { slug: string; title: string; categorySlug: string; categoryTitle: string }): string {
  const width = 1200
  const height = 630
  const p = palettes[input.categorySlug] ?? fallback
  const lines = wrapText(input.title, 26, 4)
  const fontSize = lines.length > 3 ? 60 : 68
  const top = height - 80 - (lines.length - 1) * fontSize * 1.15
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(input.title)}">`,
    `<rect width="${width}" height="${height}" fill="${p.background}"/>`,
    `<g aria-hidden="true">${pattern(p.pattern, p, random(input.slug), width, height)}</g>`,
    `<rect x="0" y="${height - 120 - lines.length * fontSize * 1.15}" width="${width}" height="${120 + lines.length * fontSize * 1.15}" fill="${p.background}" opacity="0.82"/>`,
    `<rect x="64" y="56" width="72" height="8" rx="4" fill="${p.accent}"/>`,
    `<text x="64" y="110" fill="${p.accent}" font-family="Inter, Helvetica, Arial, sans-serif" font-size="28" font-weight="600" letter-spacing="3">${escapeXml(input.categoryTitle.toUpperCase())}</text>`,
    `<text fill="${p.ink}" font-family="Fraunces, Georgia, 'Times New Roman', serif" font-size="${fontSize}" font-weight="700">`,
    ...lines.map((line, i) => `<tspan x="64" y="${Math.round(top + i * fontSize * 1.15)}">${escapeXml(line)}</tspan>`),
    '</text>',
    '</svg>',
  ].join('')
}

/** A 600x900 portrait cover of an ebook. */
export function ebookCover(input: { slug: string; title: string; subtitle: string; categorySlug: string }): string {
  const width = 600
  const height = 900
  const p = palettes[input.categorySlug] ?? fallback
  const lines = wrapText(input.title, 16, 4)
  const sub = wrapText(input.subtitle, 34, 3)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(input.title)}">`,
    `<rect width="${width}" height="${height}" fill="${p.background}"/>`,
    `<g aria-hidden="true">${pattern(p.pattern, p, random(input.slug), width, height)}</g>`,
    `<rect x="40" y="120" width="${width - 80}" height="${110 + lines.length * 62 + sub.length * 34}" rx="12" fill="${p.background}" opacity="0.88"/>`,
    `<rect x="72" y="156" width="64" height="8" rx="4" fill="${p.accent}"/>`,
    `<text fill="${p.ink}" font-family="Fraunces, Georgia, 'Times New Roman', serif" font-size="54" font-weight="700">`,
    ...lines.map((line, i) => `<tspan x="72" y="${232 + i * 62}">${escapeXml(line)}</tspan>`),
    '</text>',
    `<text fill="${p.accent}" font-family="Inter, Helvetica, Arial, sans-serif" font-size="24">`,
    ...sub.map((line, i) => `<tspan x="72" y="${252 + lines.length * 62 + i * 34}">${escapeXml(line)}</tspan>`),
    '</text>',
    `<text x="72" y="${height - 60}" fill="${p.ink}" font-family="Inter, Helvetica, Arial, sans-serif" font-size="26" font-weight="600" letter-spacing="4">WAYPOINT</text>`,
    '</svg>',
  ].join('')
}
