// Child processes for scripts/tts-compare.ts: run a command (its stdout, or its stderr), and
// the CPU seconds this process's finished children used.

import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** CPU seconds of this process's finished children (utime + stime of waited-for children). */
export function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[13]) + Number(fields[14])) / 100
}

export function run(
  command: string,
  args: string[],
  { input, timeoutMs = 600_000, cwd }: { input?: string; timeoutMs?: number; cwd?: string } = {},
): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], cwd })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk).slice(-4000)))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${command} gave no result within ${timeoutMs / 1000} s`))
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolvePromise(Buffer.concat(out))
      else reject(new Error(`${command} ${signal ? `stopped by ${signal}` : `exited with ${code}`}: ${err.trim().slice(-300)}`))
    })
    child.stdin.on('error', () => {})
    child.stdin.end(input ?? '')
  })
}

export function runCollectStderr(command: string, args: string[], input: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 600_000)
    child.on('error', reject)
    child.on('close', () => {
      clearTimeout(timer)
      resolvePromise(err)
    })
    child.stdin.on('error', () => {})
    child.stdin.end(input)
  })
}
