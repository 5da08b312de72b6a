// Places: countries, states and cities with their official pay, rents and cost of living.
export { locationData, relatedArticles, type LocationData } from './location-data.ts'
export { createLocations, type Locations } from './locations.ts'
export { fold, locationSearch, placeKey, placeUrl, type Place, type Places } from './places.ts'
