export { CountriesPage, CountryDetailPage, LocationPage, LocationNotFound } from './components/location-pages'
