import type { TakeHome } from '~contract/locations.ts'
import type { Place } from '../places.ts'
import { frenchTakeHome } from './france.ts'
import { germanTakeHome } from './germany.ts'
import { japaneseTakeHome } from './japan.ts'
import { nationalTakeHome } from './national.ts'
import { spanishTakeHome } from './spain.ts'
import { ukNation, ukTakeHome } from './uk.ts'
import { usTakeHome } from './us.ts'

/**
 * Take-home pay by a country's own rules of the current tax year (server/content/tax-rules/), or undefined where we have
 * none for the country, so that the caller falls back on the OECD average rate.
 */
export function ruledTakeHome(place: Place, gross: number): TakeHome | null | undefined {
  const city = place.kind === 'city' ? place.city?.name : undefined
  switch (place.country.code) {
    case 'GB':
      return ukTakeHome(ukNation(city), gross)
    case 'US':
      return usTakeHome(gross, place.state?.code, city, place.kind === 'city' ? place.city?.county : undefined)
    case 'FR':
      return frenchTakeHome(gross)
    case 'ES':
      return spanishTakeHome(city, gross)
    case 'JP':
      return japaneseTakeHome(city, gross)
    case 'DE':
      return germanTakeHome(gross)
    default:
      return nationalTakeHome(place.country.code, gross)
  }
}
