// What the salary and cost-of-living features use: the place type-ahead and source notes.
export { PlacePicker, placeKeyOf } from './components/place-picker'
export { ComboBox, type ComboOption } from './components/combo-box'
export { SourceList, EstimateNote } from './components/sources'
export { countriesQueryOptions, countryQueryOptions, locationQueryOptions } from './api/locations'
