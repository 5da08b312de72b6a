import type { Env, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import type { FieldErrors } from '~contract/common.ts'
import { FieldError } from '../services/errors.ts'
import { detailError } from './errors.ts'

type Schema = v.GenericSchema | v.GenericSchemaAsync

type Validated<Target extends 'json' | 'query', S extends Schema> = MiddlewareHandler<
  Env,
  string,
  { in: { [K in Target]: v.InferInput<S> }; out: { [K in Target]: v.InferOutput<S> } }
>

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i

/** Parses the JSON body with a contract schema; the handler reads it with `c.req.valid('json')`. */
export const jsonBody = <S extends Schema>(schema: S): Validated<'json', S> =>
  async function jsonBody(c, next) {
    const mediaType = c.req.header('Content-Type')?.split(';')[0]?.trim() ?? ''
    if (!jsonMediaType.test(mediaType)) {
      throw detailError(415, 'Send the request body as JSON, with Content-Type: application/json.')
    }
    let body: unknown
    try {
      body = JSON.parse(await c.req.text())
    } catch {
      throw detailError(400, 'The request body is not valid JSON.')
    }
    // Every body of the API is an object; valibot would read an array's missing keys as fields.
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw detailError(400, 'The request body must be a JSON object.')
    }
    c.req.addValidatedData('json', await parse(schema, body))
    await next()
  }

/** Parses the query string; a key given twice arrives as an array. */
export const queryParams = <S extends Schema>(schema: S): Validated<'query', S> =>
  async function queryParams(c, next) {
    const query = Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]))
    c.req.addValidatedData('query', await parse(schema, query))
    await next()
  }

export const malformedTextMessage = 'Text must be valid Unicode, without NUL characters.'

/**
 * PostgreSQL refuses U+0000 in text and jsonb, and a lone surrogate in jsonb: such text is
 * refused here with a 400, not by the database with a 500.
 */
// eslint-disable-next-line no-control-regex
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return unstorable.test(value)
  if (Array.isArray(value)) return value.some(holdsUnstorable)
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => unstorable.test(key) || holdsUnstorable(item))
  }
  return false
}

async function parse(schema: Schema, input: object): Promise<object> {
  // One message per problem: an empty e-mail is "required", not also "invalid".
  const result = await v.safeParseAsync(schema, input, { abortPipeEarly: true })
  if (result.success) {
    // Checked on the output: unknown keys are gone, so only what would be stored counts.
    const output = result.output as Record<string, unknown>
    const refused = Object.keys(output).filter((key) => holdsUnstorable(output[key]))
    if (refused.length > 0) throw new FieldError(Object.fromEntries(refused.map((key) => [key, [malformedTextMessage]])))
    return output
  }
  const fields: FieldErrors = {}
  const general: string[] = []
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key
    if (typeof key !== 'string') {
      general.push(issue.message)
      continue
    }
    const message = missingKeyMessage(schema, issue) ?? issue.message
    const messages = (fields[key] ??= [])
    if (!messages.includes(message)) messages.push(message)
  }
  if (Object.keys(fields).length > 0) throw new FieldError(fields)
  throw detailError(400, general[0] ?? 'The request was not valid.')
}

/**
 * valibot reports a missing key with the object's generic "Invalid key" text; the field's
 * own schema run on `undefined` gives the contract's wording ("Email is required").
 */
function missingKeyMessage(schema: Schema, issue: v.BaseIssue<unknown>): string | undefined {
  const step = issue.path?.[0]
  if (issue.path?.length !== 1 || step?.origin !== 'key' || !('entries' in schema)) return undefined
  const field = (schema.entries as Record<string, Schema>)[step.key as string]
  return field && !field.async ? v.safeParse(field, undefined).issues?.[0]?.message : undefined
}
