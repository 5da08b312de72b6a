import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { AudioEngineSetting } from '../../../server/config.ts'
import { seed } from '../../../server/content/seed.ts'
import { createContentServices, type ContentServices } from '../../../server/services/content.ts'
import { rootDir, tempDir, type DbSuite } from './db.ts'

export const fixtureContent = join(rootDir, 'tests/server/fixtures/content')

/** A copy of the fixture content that a test may edit. */
export function contentCopy(): string {
  const dir = tempDir('content')
  cpSync(fixtureContent, dir, { recursive: true })
  return dir
}

export type LibrarySuite = {
  contentDir: string
  dataDir: string
  content: ContentServices
  app(): ReturnType<DbSuite['app']>
}

/**
 * Seeds a copy of the fixture content into the suite's database once and builds content
 * services on it, with the suite's config pointed at that content and a temp DATA_DIR.
 */
export function useLibrary(suite: DbSuite, options: { audioEngine?: AudioEngineSetting } = {}): LibrarySuite {
  const library = {} as LibrarySuite
  beforeAll(async () => {
    library.contentDir = contentCopy()
    library.dataDir = tempDir('data')
    suite.config = {
      ...suite.config,
      contentDir: library.contentDir,
      dataDir: library.dataDir,
      audioEngine: options.audioEngine ?? 'auto',
    }
    await seed(suite.db, { contentDir: library.contentDir, log: suite.log })
    library.content = createContentServices({ db: suite.db, config: suite.config, log: suite.log })
    library.app = () => suite.app({ content: library.content })
  })
  afterAll(() => library.content?.narrator.stop())
  return library
}
