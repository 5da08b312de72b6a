// `npm run resume -- <input> <output> [--template cool|visionary|brilliant] [--anyway]`
// A resume from the command line, as the JSON Resume tools' `resume export` does: input a JSON
// Resume, a Waypoint resume or a PDF; output .pdf or .json. It loads the builder's own code
// (src/features/resume/command.ts) through Vite, so the PDF is the browser's, with the same fonts.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const usage = 'usage: npm run resume -- <input.json|input.pdf> <output.pdf|output.json> [--template cool|visionary|brilliant] [--anyway]'
const args = process.argv.slice(2)
const files = []
let template
let anyway = false
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--template') template = args[++i]
  else if (args[i]?.startsWith('--template=')) template = args[i].slice(11)
  else if (args[i] === '--anyway') anyway = true
  else if (args[i] === '--help' || args[i] === '-h') {
    console.log(usage)
    process.exit(0)
  } else files.push(args[i])
}
if (files.length !== 2) {
  console.error(usage)
  process.exit(2)
}
const [input, output] = files
const root = fileURLToPath(new URL('..', import.meta.url))

const server = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)), '~contract': fileURLToPath(new URL('../contract', import.meta.url)) } },
})
let code = 0
try {
  const { setFontLoader } = await server.ssrLoadModule('/src/features/resume/pdf/export-pdf.ts')
  // The font files the `?url` imports name, read from node_modules.
  setFontLoader(async (url) => {
    const bytes = await readFile(`${root}${new URL(url, 'file:///').pathname.slice(1)}`)
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  })
  const { runResumeCommand } = await server.ssrLoadModule('/src/features/resume/command.ts')
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
