import { expect, test } from 'vitest'
import { locationSlug } from '~contract/locations.ts'
import { createPlaces, placeUrl, readDatasets } from '../../server/services/places/places.ts'

const places = createPlaces(readDatasets(process.cwd()))

test.each([
  ['Austin TX', 'austin-tx'],
  ['United States', 'united-states'],
  ['U.S. Virgin Islands', 'us-virgin-islands'],
  ["Lee's Summit MO", 'lees-summit-mo'],
  ['Coeur d’Alene ID', 'coeur-dalene-id'],
  ['St. Louis MO', 'st-louis-mo'],
  ['Winston-Salem NC', 'winston-salem-nc'],
  ['Zürich', 'zürich'],
  ['São Paulo', 'são-paulo'],
  ['東京', '東京'],
  ['  Wallis   and Futuna ', 'wallis-and-futuna'],
  ['Washington, D.C.', 'washington-dc'],
])('slug rule: %s → %s', (name, slug) => {
  expect(locationSlug(name)).toBe(slug)
})

test('every location URL is unique across the whole list', () => {
  const urls = places.all.map(placeUrl)
  expect(urls.length).toBeGreaterThan(2000)
  expect(new Set(urls).size).toBe(urls.length)
})

test('slugs are stable: each is its name run through the slug rule (or a listed irregular name), and already a fixed point', () => {
  for (const place of places.all) {
    expect(locationSlug(place.slug), place.display).toBe(place.slug)
    if (place.kind === 'country') expect(place.slug).toBe(locationSlug(place.name))
    if (place.kind === 'city' && place.city && !/-\d+$/.test(place.slug)) {
      const expected = locationSlug(place.city.region ? `${place.name} ${place.city.region}` : place.name)
      const irregular = ['washington-dc', 'new-york-ny', 'milford-ct'].includes(place.slug)
      if (!irregular) expect(place.slug, place.display).toBe(expected)
    }
  }
})

test('every U.S. city of 50,000+ carries its state code; Paris and London are the priority cities', () => {
  const us = places.all.filter((p) => p.kind === 'city' && p.country.code === 'US')
  expect(us.length).toBeGreaterThan(800)
  for (const city of us) expect(city.slug, city.display).toMatch(/-[a-z]{2}(-\d+)?$/)
  expect(us.every((city) => city.city!.population >= 50_000)).toBe(true)
  expect(places.priorityCities.map((c) => `${c.location}, ${c.country}`)).toEqual(['Paris, France', 'London, United Kingdom'])
  expect(places.find('united-states/new-york-ny')?.display).toBe('New York, NY')
  expect(places.find('united-states/washington-dc')?.display).toBe('Washington, DC')
})
