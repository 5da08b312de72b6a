import type { Cell, Line } from './layout'
import { bulletGlyph, stripBullet, words } from './text'
import type { ImportNote } from './types'

/** Skills and languages sections of a resume made by another tool: lists, categories and levels. */

const levelWords: [RegExp, string][] = [
  [/^(expert|master|excellent|sehr gut)$/i, 'Expert'],
  [/^(advanced|proficient|experienced|skilful|skillful|fortgeschritten|avancé|avanzado)$/i, 'Advanced'],
  [/^(intermediate|good|gut|moyen|intermedio|competent)$/i, 'Intermediate'],
  [/^(beginner|basic|novice|grundkenntnisse|débutant|básico|elementary)$/i, 'Beginner'],
]
const languageLevels: [RegExp, string][] = [
  [/native|mother tongue|muttersprache|langue maternelle|nativo|lengua materna|madrelingua|母语|ojczysty|moedertaal/i, 'Native'],
  [/fluent|fließend|courant|bilingual|bilingue|c1|c2|fluente|fluido/i, 'Fluent'],
  [/intermediate|b1|b2|gut|conversational|intermedio/i, 'Intermediate'],
  [/basic|elementary|a1|a2|grundkenntnisse|notions|básico|beginner/i, 'Elementary'],
]
const naturalLanguage =
  /^(english|englisch|anglais|inglés|ingles|inglese|angielski|french|französisch|français|francais|francés|frances|francese|german|deutsch|allemand|alemán|aleman|tedesco|niemiecki|spanish|spanisch|espagnol|español|espanol|spagnolo|italian|italienisch|italien|italiano|portuguese|portugiesisch|portugais|português|chinese|chinesisch|chinois|chino|mandarin|cantonese|japanese|japanisch|japonais|japonés|korean|koreanisch|coréen|russian|russisch|russe|ruso|polish|polnisch|polonais|polski|dutch|niederländisch|néerlandais|arabic|arabisch|arabe|árabe|hindi|turkish|türkisch|turc|swedish|norwegian|danish|finnish|greek|czech|hungarian|romanian|ukrainian|vietnamese|thai|indonesian|malay|hebrew|persian|farsi|bengali|urdu|tamil|swahili|catalan|català|英语|汉语|中文|普通话|日语|韩语|法语|德语)\b/i
const languageCategory = /^(languages?|sprachen|langues|idiomas|lingue|języki|talen|语言能力|语言|spoken languages)$/i

/** "Java, Python (3.x); Go" -> ["Java", "Python (3.x)", "Go"]: commas, bullets and semicolons outside brackets. */
export function splitList(text: string): string[] {
  const out: string[] = []
  let depth = 0
  let current = ''
  for (const char of text) {
    if ('([{'.includes(char)) depth += 1
    if (')]}'.includes(char)) depth = Math.max(0, depth - 1)
    if (depth === 0 && /[,;•·|、，；]/.test(char)) {
      out.push(current)
      current = ''
    } else current += char
  }
  out.push(current)
  // "C == Python > C++ > Java": a ranking written with comparison signs lists each item too, and
  // so does "LaTeX / Python / C++" (a slash between spaces; "CI/CD" is one item).
  return out
    .flatMap((item) => item.split(/\s+(?:>|==|>=)\s+/))
    .flatMap((item) => (item.split(/\s+\/\s+/).length >= 3 ? item.split(/\s+\/\s+/) : [item]))
    .map((item) =>
      item
        .replace(/^\s*(and|und|et|y|e|&)\s+/i, '')
        .replace(/^[\s.:-]+|[\s.:]+$/g, '')
        .trim(),
    )
    .filter((item) => item !== '' && /[\p{L}\p{N}]/u.test(item))
}

/** A word the reader turns into a level ("Advanced", "Muttersprache", "C1") rather than copying it. */
export const isLevelWord = (text: string) =>
  levelWords.some(([pattern]) => pattern.test(text)) || languageLevels.some(([pattern]) => pattern.test(text))

/**
 * What the skills and languages readers found; `groups` are the category labels ("Tools:") the
 * builder's flat list cannot keep, `languageLabels` the labels ("Sprachen:") read as the Languages section's heading.
 */
export type SkillOut = {
  skills: { name: string; level: string }[]
  languages: { name: string; level: string }[]
  groups?: string[]
  languageLabels?: string[]
}

export function readSkills(lines: Line[], out: SkillOut, notes: ImportNote[]) {
  // Cells of one row may be side-by-side lists: a cell continues the one above it in the same
  // sub-column when that one ended with a comma or the new one starts in lower case.
  const columns: { x: number; right: number; text: string; y: number; page: number }[] = []
  const finished: string[] = []
  for (const line of lines) {
    for (const cell of line.cells) {
      const text = stripBullet(cell.text)
      const above = columns.find(
        (col) => col.page === cell.page && Math.abs(col.x - cell.x) < 40 && col.y - cell.y < cell.size * 2.2 && col.y > cell.y,
      )
      const aboveText = above?.text ?? ''
      // A cell led by its own bullet is a new item, whatever its case.
      const continues =
        above &&
        !bulletGlyph.test(cell.text) &&
        (/[,&]$/.test(aboveText) ||
          (/^\p{Ll}/u.test(text) && !/:/.test(text) && !/:\s*$/.test(aboveText)) ||
          (!/[:]/.test(text) &&
            /:/.test(aboveText) &&
            !/,\s*$/.test(text) &&
            /,/.test(text) &&
            text.length > 0 &&
            /[\p{L})]$/u.test(aboveText) &&
            /^[\p{Lu}]/u.test(text) &&
            line.cells.length > 1))
      if (above && continues) {
        above.text = /[,&]$/.test(aboveText) ? `${aboveText} ${text}` : `${aboveText} ${text}`
        above.y = cell.y
        continue
      }
      if (above) {
        finished.push(above.text)
        columns.splice(columns.indexOf(above), 1)
      }
      columns.push({ x: cell.x, right: cell.right, text, y: cell.y, page: cell.page })
    }
    // A row of cells where a label cell is followed by its list: "Cloud   Docker, AWS".
  }
  finished.push(...columns.map((col) => col.text))
  // Rebuild label/list pairs in reading order of their rows (cells kept in pushes above).
  const texts = finished
  let lastSkill: { name: string; level: string } | null = null
  let category = ''
  for (const raw of texts) {
    // "• Tools: Docker, Git" with its bullet in a cell of its own: the glyph and stray separators go first.
    const text = stripBullet(raw.replace(/\s+/g, ' ').trim()).replace(/^[\s:：,;]+/, '')
    if (!text || /^[○●◯◉\s]+$/.test(text)) continue
    const level = levelWords.find(([pattern]) => pattern.test(text))
    if (level && lastSkill) {
      lastSkill.level = level[1]
      continue
    }
    const labelled = /^([^:：]{1,40})[:：]\s*(.*)$/.exec(text)
    let items: string[]
    if (labelled) {
      category = labelled[1]!.trim()
      items = splitList(labelled[2]!)
    } else items = splitList(text)
    if (labelled && items.length === 0) continue
    const toLanguages =
      languageCategory.test(category) && labelled && items.some((item) => naturalLanguage.test(item) || languageLevels.some(([p]) => p.test(item)))
    if (toLanguages) (out.languageLabels ??= []).push(category)
    else if (labelled && !out.groups?.includes(category)) (out.groups ??= []).push(category)
    for (const item of items) {
      if (toLanguages) {
        out.languages.push({
          name: item.replace(/\s*\(.*\)$/, '').replace(/^(fluent|native|basic) in\s+/i, ''),
          level: languageLevels.find(([p]) => p.test(item))?.[1] ?? '',
        })
        continue
      }
      const name = item.replace(/^(proficient|experienced|skilled|fluent) (in|with)\s+/i, '')
      // "SQL – Expert": a level after a dash.
      const levelled = /^(.+?)\s+[–—-]\s+(\S+)$/.exec(name)
      const after = levelled ? levelWords.find(([pattern]) => pattern.test(levelled[2]!)) : undefined
      lastSkill = after ? { name: levelled![1]!, level: after[1] } : { name, level: '' }
      out.skills.push(lastSkill)
    }
    if (!labelled) category = ''
  }
  void notes
}

/**
 * A category set in its own font at the head of a list cell ("**Languages** Python, Java" with
 * no colon): "Languages: Python, Java", so the label is not read as part of the first skill.
 */
function labelByFont(cell: Cell): Cell {
  const visible = cell.items.filter((item) => item.text.trim() !== '')
  const first = visible[0]
  if (!first || /[:：]/.test(cell.text)) return cell
  const change = visible.findIndex((item) => item.font !== first.font)
  if (change <= 0) return cell
  const lead = visible.slice(0, change)
  const label = lead
    .map((item) => item.text)
    .join('')
    .trim()
  const rest = cell.text.slice(cell.text.indexOf(label) + label.length).trim()
  if (!label || !rest || words(label) > 4 || /[,;]$/.test(label) || !/[,;]/.test(rest) || !/\p{L}/u.test(label)) return cell
  return { ...cell, text: `${label}: ${rest}` }
}

/** Label cells ("Cloud", "Tech Stack") in front of list cells are categories: split off. */
export function skillRows(lines: Line[]): Line[] {
  return lines.map((line) => {
    line = { ...line, cells: line.cells.map(labelByFont) }
    if (line.cells.length < 2) return line
    const cells: Cell[] = []
    for (let i = 0; i < line.cells.length; i++) {
      const cell = line.cells[i]!
      const next = line.cells[i + 1]
      if (next && !/[,:]/.test(cell.text) && /\p{L}/u.test(cell.text) && words(cell.text) <= 4 && /,/.test(next.text)) {
        cells.push({ ...next, text: `${cell.text}: ${next.text}`, x: cell.x })
        i++
      } else cells.push(cell)
    }
    return { ...line, cells }
  })
}

export function readLanguages(lines: Line[], out: SkillOut) {
  for (const line of lines) {
    const cells = line.cells.map((cell) => stripBullet(cell.text)).filter((text) => text && !/^[○●◯◉\s]+$/.test(text))
    const pieces = cells.length === 1 ? splitList(cells[0]!) : cells
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!
      const level = languageLevels.find(([p]) => p.test(piece))?.[1]
      const isLevelOnly =
        level && words(piece) <= 3 && out.languages.length > 0 && !/^\p{Lu}\p{Ll}+(\s*[(–-]|$)/u.test(piece.replace(/^(native|fluent)/i, ''))
      if (isLevelOnly && out.languages.at(-1)!.level === '') {
        out.languages.at(-1)!.level = level
        continue
      }
      const name = piece.split(/\s*[(–:-]\s*/)[0]!.trim()
      if (name && words(name) <= 4) out.languages.push({ name, level: level ?? '' })
    }
  }
}
