import type { ResumeData } from '../../contract/resume.ts'

export type ExpectedFields = {
  name?: string
  email?: string
  phone?: string
  city?: string
  links?: string[]
  work?: { title?: string; company?: string; start?: string; end?: string }[]
  education?: { school?: string; degree?: string; start?: string; end?: string }[]
  skills?: string[]
}
export type FieldResult = { label: string; want: string; right: boolean }
export type Score = { right: number; total: number; misses: FieldResult[] }
export const CORPUS: string
export function norm(text: unknown): string
export function scoreImport(expected: ExpectedFields, data: ResumeData | null): Score
export function corpusFiles(names?: string[]): string[]
export function percent(right: number, total: number): number
export function benchImport(opts: { emit: (name: string, value: string | number, unit: string, extra?: string) => void; progress?: (line: string) => void }): Promise<unknown>
