// The pictures shared links show: PNG cards (the sites that preview links take no SVG) for
// articles and place pages, drawn with the fonts the app ships, whatever script a name is in.

import { describe, expect, test } from 'vitest'
import { createApp } from '../../server/app.ts'
import { locationData } from '../../server/services/places/location-data.ts'
import { outboxMailer } from '../../server/services/mail/mail.ts'
import { createShareCards, missingGlyphs } from '../../server/services/share-cards/share-cards.ts'
import type { Library } from '../../server/services/library/library.ts'
import { fakeClock, memoryLog, rootDir, testConfig } from './support/db.ts'
import { unreachableDb } from './support/http.ts'

/** Width and height of a PNG, after checking its signature and that its first chunk is IHDR. */
function pngSize(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe('IHDR')
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

function app() {
  const log = memoryLog()
  const clock = fakeClock()
  const db = unreachableDb()
  return createApp({ db, clock, config: testConfig(), log, mailer: outboxMailer(db, clock, log) })
}

describe('a place page’s share card', () => {
  test('is a 1200x630 PNG, revalidated by its ETag; an unknown place is a 404', async () => {
    const server = app()
    const response = await server.request('/api/locations/france/paris/card.png')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 })

    const again = await server.request('/api/locations/france/paris/card.png', { headers: { 'If-None-Match': response.headers.get('etag')! } })
    expect(again.status).toBe(304)

    const missing = await server.request('/api/locations/france/nowhere/card.png')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ detail: 'Location not found.' })
  })

  test('cards of different places differ, and a name in another script draws', async () => {
    const server = app()
    const paris = new Uint8Array(await (await server.request('/api/locations/france/paris/card.png')).arrayBuffer())
    const zurich = await server.request(`/api/locations/switzerland/${encodeURIComponent('zürich')}/card.png`)
    expect(zurich.status).toBe(200)
    const bytes = new Uint8Array(await zurich.arrayBuffer())
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 })
    expect(Buffer.from(bytes).equals(Buffer.from(paris))).toBe(false)
  })
})

describe('the cards’ fonts', () => {
  test('have every letter of every place name we have a page for', () => {
    const { places } = locationData(rootDir)
    const missing = new Map<string, string[]>()
    for (const place of places.all) {
      const letters = missingGlyphs(`${place.display} ${place.country.name}`)
      if (letters.length) missing.set(place.display, letters)
    }
    expect(places.all.length).toBeGreaterThan(1000)
    expect(Object.fromEntries(missing)).toEqual({})
  })

  test('hold Latin, Greek, Cyrillic and Vietnamese letters, and say which characters they lack', () => {
    expect(missingGlyphs('Łódź Plzeň Şanlıurfa Al Aḩmadī Ελληνικά Русский Nguyễn')).toEqual([])
    expect(missingGlyphs('Tokyo 東京')).toEqual(['東', '京'])
  })
})

describe('an article’s share card', () => {
  test('is the article’s cover as a 1200x630 PNG; an unknown article has none', async () => {
    const article = {
      slug: 'moving-to-łódź',
      title: 'Moving to Łódź for a first job',
      contentHash: 'abc123',
      category: { slug: 'job-hunting', title: 'Job hunting' },
    }
    const library = { snapshot: async () => ({ bySlug: new Map([[article.slug, article]]) }) } as unknown as Library
    const cards = createShareCards({ library, places: locationData(rootDir).places })
    const card = await cards.article('moving-to-łódź')
    expect(pngSize(card!.png)).toEqual({ width: 1200, height: 630 })
    expect(await cards.article('no-such-article')).toBeUndefined()
  })
})
