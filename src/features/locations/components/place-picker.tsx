import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import type { LocationEntry } from '~contract/locations.ts'
import { placeSearchQueryOptions } from '../api/locations'
import { ComboBox } from './combo-box'

/** The API key of a place: "japan" for a country, else "country/slug". */
export const placeKeyOf = (entry: LocationEntry) => (entry.kind === 'country' ? entry.country.slug : `${entry.country.slug}/${entry.dashedLocation}`)

const kindLabel = { country: 'Country', state: 'State', city: 'City', metro: 'Metro area' } as const

type PlacePickerProps = {
  label: string
  /** The chosen place's display name, shown until the user types. */
  initialText?: string
  onSelect: (key: string, name: string) => void
  /** Called when the user empties the box: the place is no longer chosen. */
  onClear?: () => void
}

/** Type-ahead over countries, cities and U.S. metro areas (GET /api/locations?q=). */
export function PlacePicker({ label, initialText = '', onSelect, onClear }: PlacePickerProps) {
  const [text, setText] = useState(initialText)
  // Matches are looked up for what the user types, not for a place already chosen.
  const [typing, setTyping] = useState(false)
  const query = useDeferredValue(typing ? text.trim() : '')
  const { data, isFetching } = useQuery({ ...placeSearchQueryOptions(query), enabled: query.length > 0 })
  const options = (query ? (data?.results ?? []) : []).map((entry) => ({
    value: placeKeyOf(entry),
    label: entry.location,
    hint: `${entry.country.flag} ${entry.kind === 'country' ? kindLabel.country : `${kindLabel[entry.kind]}, ${entry.country.name}`}`,
  }))
  return (
    <ComboBox
      label={label}
      placeholder="City, metro area or country"
      text={text}
      onTextChange={(next) => {
        setText(next)
        setTyping(true)
        if (next.trim() === '') onClear?.()
      }}
      options={options}
      loading={isFetching}
      onSelect={(option) => {
        setTyping(false)
        setText(option.label)
        onSelect(option.value, option.label)
      }}
    />
  )
}
