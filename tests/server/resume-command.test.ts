// `npm run resume -- <input> <output> [--template ...]`: the builder's own PDF and JSON Resume
// from the command line. A resume with every script, in each template, comes back whole from
// the PDF text, tagged and in embedded subset fonts; JSON output passes the official schema.

import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { templateNames } from '~contract/resume.ts'
import { names, scriptResume } from './support/script-resume.ts'
import { pdfText } from './support/pdf-text.ts'

const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'waypoint-resume-command-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const require = createRequire(import.meta.url)
const { validate } = require('@jsonresume/schema') as { validate: (json: unknown, done: (errors: unknown[] | null, valid: boolean) => void) => void }
const samplePath = require.resolve('@jsonresume/schema/sample.resume.json')

const resume = (...args: string[]) => run('npm', ['run', '--silent', 'resume', '--', ...args], { cwd: process.cwd(), timeout: 60_000 })

describe('npm run resume', () => {
  // A Waypoint resume as the builder saves it, in the Default font; the command sets the template.
  const input = join(dir, 'lucja.json')
  writeFileSync(input, JSON.stringify({ title: 'My private draft', template: 'cool', data: scriptResume('cool', 'Default') }))

  for (const template of templateNames) {
    it(`writes the ${template} PDF with every script in its text, tagged, fonts embedded`, async () => {
      const output = join(dir, `lucja-${template}.pdf`)
      const { stdout } = await resume(input, output, '--template', template)
      expect(stdout).toContain(`wrote ${output}`)
      const bytes = new Uint8Array(readFileSync(output))
      const text = await pdfText(bytes)
      const name = template === 'brilliant' ? 'ŁUCJA WIŚNIEWSKA-NGUYỄN' : 'Łucja Wiśniewska-Nguyễn'
      for (const s of [name, ...Object.values(names).filter((s) => s !== names.polish)]) expect(text).toContain(s)
      const pdf = await PDFDocument.load(bytes)
      expect(pdf.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))?.toString()).toBe('true')
      expect(pdf.getTitle()).toBe('Łucja Wiśniewska-Nguyễn – Resume')
      const fontNames: string[] = []
      for (const [, object] of pdf.context.enumerateIndirectObjects())
        if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
          expect(object.get(PDFName.of('FontFile2'))).toBeDefined()
          fontNames.push(object.get(PDFName.of('FontName'))!.toString())
        }
      expect(fontNames.length).toBeGreaterThan(3)
      for (const font of fontNames) expect(font).toMatch(/^\/[A-Z]{6}\+/)
    })
  }

  it('writes JSON Resume that passes the official schema, from our resume and from the schema’s sample', async () => {
    for (const [from, to] of [
      [input, join(dir, 'lucja.resume.json')],
      [samplePath, join(dir, 'sample.resume.json')],
    ] as const) {
      await resume(from, to)
      let errors: unknown[] | null = ['not run']
      validate(JSON.parse(readFileSync(to, 'utf8')), (found) => {
        errors = found
      })
      expect(errors).toBeNull()
    }
  })

  it('says before writing that right-to-left text would be lost, and writes no PDF', async () => {
    const hebrew = join(dir, 'hebrew.json')
    const data = scriptResume('cool', 'Default')
    data.heading.lastName = 'כהן'
    writeFileSync(hebrew, JSON.stringify(data))
    const output = join(dir, 'hebrew.pdf')
    const failure = await resume(hebrew, output).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('right-to-left text cannot be laid out in the PDF yet')
    expect(existsSync(output)).toBe(false)
  })
})
