import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import type { Log } from '../log.ts'
import {
  createEbooks,
  type Ebooks,
  createLibrary,
  type Library,
  createSearch,
  noLocations,
  type LocationSearch,
  type Search,
} from './library/index.ts'
import { createNarrator, type Narrator } from './narration/index.ts'

/** The library and what is made from it: search, narrated audio and ebooks. */
export type ContentServices = { library: Library; search: Search; narrator: Narrator; ebooks: Ebooks }

export function createContentServices(deps: { db: Db; config: Config; log: Log }, options: { locations?: LocationSearch } = {}): ContentServices {
  const library = createLibrary(deps.db)
  return {
    library,
    search: createSearch(deps.db, library, options.locations ?? noLocations),
    narrator: createNarrator({ ...deps, library }),
    ebooks: createEbooks({ ...deps, library }),
  }
}
