import type { ResumeData } from '~contract/resume.ts'
import type { Line } from './layout'
import type { DateRange } from './text'

/** The shapes the layout reader (infer.ts) passes between its steps, and the notes both readers give. */

export type ImportNote = { kind: 'layout' | 'uncertain' | 'cut' | 'dropped'; text: string }
export type Inferred = { data: ResumeData; notes: ImportNote[]; headings: string[]; text: string }

export type Block = { bullet: boolean; text: string; x: number; shape?: boolean }
export type Part = { text: string; kind: 'text' | 'date' | 'place' | 'label'; size: number; font: string; upper: boolean; line?: number }
export type Entry = { lines: Line[]; parts: Part[]; dates: DateRange | null; dateText: string; body: Block[] }
