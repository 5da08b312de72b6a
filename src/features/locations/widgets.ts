// What the salary and cost-of-living pages use: the place type-ahead and source notes.
export { PlacePicker, placeKeyOf } from './components/place-picker'
export { ComboBox, type ComboOption } from './components/combo-box'
export { SourceList, EstimateNote } from './components/sources'
