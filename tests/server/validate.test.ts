import { Hono } from 'hono'
import * as v from 'valibot'
import { expect, test } from 'vitest'
import { errorHandler } from '../../server/http/errors.ts'
import { queryParams } from '../../server/http/validate.ts'
import { memoryLog } from './support/db.ts'

// The query side of the validator; no route of this issue reads a query yet.
const listQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer('Page must be a whole number'), v.minValue(1, 'Page must be 1 or more')), '1'),
  tag: v.optional(v.array(v.string('Tag is required'))),
})

const app = new Hono().get('/list', queryParams(listQuery), (c) => c.json(c.req.valid('query'))).onError(errorHandler(memoryLog()))

const get = (path: string) => app.request(path, { headers: { 'Content-Type': 'application/json' } })

test('a valid query reaches the handler parsed', async () => {
  const response = await get('/list?page=3')

  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ page: 3 })
})

test('a key given twice arrives as a list', async () => {
  const response = await get('/list?tag=a&tag=b')

  expect(await response.json()).toEqual({ page: 1, tag: ['a', 'b'] })
})

test('a bad query value answers 400 with field errors', async () => {
  const response = await get('/list?page=0')

  expect(response.status).toBe(400)
  expect(await response.json()).toEqual({ page: ['Page must be 1 or more'] })
})
