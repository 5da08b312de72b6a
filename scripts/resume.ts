// `npm run resume -- <input> <output> [--template cool|visionary|brilliant] [--anyway]`
// A resume from the command line, as the JSON Resume tools' `resume export` does: input a JSON
// Resume, a Waypoint resume or a PDF; output .pdf or .json. It loads the builder's own code
// (src/features/resume/command.ts) through Vite, so the PDF is the browser's, with the same fonts.
import { readFile, writeFile } from 'node:fs/promises'
import { ROOT, startBuilderVite } from './lib/builder-vite.ts'

type ExportPdfModule = typeof import('../src/features/resume/pdf/export-pdf.ts')
type CommandModule = typeof import('../src/features/resume/command.ts')

const usage = 'usage: npm run resume -- <input.json|input.pdf> <output.pdf|output.json> [--template cool|visionary|brilliant] [--anyway]'
const args = process.argv.slice(2)
const files: string[] = []
let template: string | undefined
let anyway = false
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i] ?? ''
  if (arg === '--template') template = args[++i]
  else if (arg.startsWith('--template=')) template = arg.slice(11)
  else if (arg === '--anyway') anyway = true
  else if (arg === '--help' || arg === '-h') {
    console.log(usage)
    process.exit(0)
  } else files.push(arg)
}
const [input, output] = files
if (files.length !== 2 || input === undefined || output === undefined) {
  console.error(usage)
  process.exit(2)
}

const server = await startBuilderVite()
let code = 0
try {
  const { setFontLoader } = (await server.ssrLoadModule('/src/features/resume/pdf/export-pdf.ts')) as ExportPdfModule
  // The font files the `?url` imports name, read from node_modules.
  setFontLoader(async (url) => {
    const bytes = await readFile(`${ROOT}${new URL(url, 'file:///').pathname.slice(1)}`)
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  })
  const { runResumeCommand } = (await server.ssrLoadModule('/src/features/resume/command.ts')) as CommandModule
  const result = await runResumeCommand({ input, inputBytes: new Uint8Array(await readFile(input)), output, template, anyway })
  for (const note of result.notes) console.error(`resume: ${note}`)
  if (result.ok) {
    await writeFile(output, result.bytes)
    console.log(`resume: wrote ${output} (${Math.round(result.bytes.length / 1024)} KB)`)
  } else {
    console.error(`resume: ${result.error}`)
    code = 1
  }
} finally {
  await server.close()
}
process.exit(code)
