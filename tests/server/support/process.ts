import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from '../../../server/db/open.ts'
import { pgliteTemplate, rootDir, tempDir } from './db.ts'

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A DATA_DIR holding an already migrated PGlite, so a start skips initdb. */
export async function migratedDataDir(): Promise<string> {
  const dir = tempDir('data')
  const client = await PGlite.create(join(dir, 'pglite'), {
    loadDataDir: await pgliteTemplate(),
    extensions: pgliteExtensions,
  })
  await client.close()
  return dir
}

export type ServerProcess = {
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code. */
  exited: Promise<number | null>
  /** Resolves when the output contains `text`; rejects if the process ends first. */
  waitFor(text: string, timeoutMs?: number): Promise<void>
}

/** Runs server/main.ts as `npm start` would, with only the given settings. */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: rootDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', AUDIO_PREGENERATE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const waiters = new Set<() => void>()
  const append = (chunk: Buffer) => {
    output += chunk.toString()
    for (const check of waiters) check()
  }
  child.stdout!.on('data', append)
  child.stderr!.on('data', append)
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))

  return {
    child,
    output: () => output,
    exited,
    waitFor: (text, timeoutMs = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return
          cleanup()
          resolve()
        }
        const timer = setTimeout(() => fail(`timed out after ${timeoutMs} ms`), timeoutMs)
        const fail = (why: string) => {
          cleanup()
          reject(new Error(`Waiting for "${text}": ${why}. Output:\n${output}`))
        }
        const cleanup = () => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        void exited.then((code) => fail(`the process exited with ${code}`))
        check()
      }),
  }
}
