/**
 * The imported file behind a resume (ResumeData.jsonResume in contract/resume.ts), merged back
 * into an export so that import -> export gives the same document.
 *
 * Each part of a builder item owns some keys of its JSON Resume item (a job's description owns
 * `description`, `summary`, `highlights` and `url`). A part the user has not changed since the
 * import (the builder item still equals what the import makes of the file's item) gives back the
 * file's keys as they were: "2013-12-01" where the builder holds "2013-12", "Master" where it
 * holds "Expert". A changed part gives the builder's keys. Keys no part owns (an image, a
 * project's end date, a key of another tool) are the file's, kept as they were.
 */

export type Json = Record<string, unknown>
/** Builder fields and the JSON Resume keys made from them. */
export type Group = { fields: string[]; keys: string[] }

/** Equal as the builder sees it: '' and [] are as good as absent. */
const norm = (value: unknown): string =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) ? '' : JSON.stringify(value)
export const same = (a: unknown, b: unknown) => norm(a) === norm(b)

/** The keys of `groups` whose builder fields differ between `builder` and `imported` (what the import made of the file). */
export function changedKeys(groups: Group[], builder: object, imported: object): Set<string> {
  const changed = new Set<string>()
  const b = builder as Record<string, unknown>
  const i = imported as Record<string, unknown>
  for (const group of groups) if (group.fields.some((field) => !same(b[field], i[field]))) for (const key of group.keys) changed.add(key)
  return changed
}

/**
 * The file's item with the changed keys taken from `fresh` (the builder's export of the item),
 * in the file's key order; a changed key the builder leaves empty is dropped.
 */
export function merge(file: Json, fresh: Json, changed: Set<string>): Json {
  const out: Json = {}
  for (const [key, value] of Object.entries(file)) {
    if (!changed.has(key)) out[key] = value
    else if (fresh[key] !== undefined) out[key] = fresh[key]
  }
  for (const key of changed) if (!(key in out) && fresh[key] !== undefined) out[key] = fresh[key]
  return out
}

/** A value at a path such as "work.0" or "basics.profiles.1" in the file, when it is an object. */
export function at(file: Json, path: string | undefined): Json | undefined {
  if (!path) return undefined
  let value: unknown = file
  for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Json)[part] : undefined
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined
}

/** The keys of a file's item that no group owns and that say something: kept in the file, not shown. */
export const unownedKeys = (item: Json, groups: Group[]) =>
  Object.entries(item)
    .filter(([key, value]) => !groups.some((g) => g.keys.includes(key)) && same(value, '') === false)
    .map(([key]) => key)

/**
 * The whole exported document in the file's order: the file's keys first (its own keys kept, the
 * sections as exported), then what the export adds; an empty section the file did not have is
 * left out, and `$schema` is the file's.
 */
export function inFileOrder(file: Json, fresh: Json, sectionKeys: string[]): Json {
  const out: Json = {}
  for (const key of Object.keys(file)) {
    if (key === '$schema') out[key] = file[key]
    else if (sectionKeys.includes(key) || key === 'basics' || key === 'meta') out[key] = fresh[key] ?? (sectionKeys.includes(key) ? [] : undefined)
    else out[key] = file[key]
  }
  for (const [key, value] of Object.entries(fresh)) {
    if (key in out || key === '$schema' || (Array.isArray(value) && value.length === 0)) continue
    out[key] = value
  }
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key]
  return out
}
