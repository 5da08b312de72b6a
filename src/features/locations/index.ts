// Lean on purpose: route loaders (in the first page's bundle) import from here. The widgets
// other features show are in './widgets', and the routes' pages in './pages', loaded with their pages.
export { countriesQueryOptions, countryQueryOptions, locationQueryOptions } from './api/locations'
