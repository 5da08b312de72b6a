import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A second process on the same PGlite directory corrupts it: refuse it with this. */
export class DataDirInUseError extends Error {}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes `${dataDir}/pglite.lock` (our pid inside) and returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'pglite.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' })
      const release = () => {
        process.off('exit', release)
        if (readPid(file) === process.pid) rmSync(file, { force: true })
      }
      // Covers exits that skip the graceful path (process.exit after a fatal error).
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = readPid(file)
    // Our own pid can only be left over from an earlier run in a container restart.
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
      throw new DataDirInUseError(
        `Another Waypoint process (pid ${holder}) is using the database in ${dataDir}. ` +
          'Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes. ' +
          `If no Waypoint process runs, delete ${file}.`,
      )
    }
    rmSync(file, { force: true })
  }
  throw new DataDirInUseError(`Could not take the lock file ${file}; another process keeps creating it.`)
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}
