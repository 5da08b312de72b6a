// What the database's refusals mean to the code above it, for PGlite and PostgreSQL alike.

/** A unique index refused the row (drizzle wraps the driver's error in `cause`). */
export const isUniqueViolation = (error: unknown): boolean => {
  const codeOf = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined)
  return codeOf(error) === '23505' || (error instanceof Error && codeOf(error.cause) === '23505')
}
