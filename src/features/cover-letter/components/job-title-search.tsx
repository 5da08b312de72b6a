import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useId, useState } from 'react'
import { occupationSuggestionsQueryOptions } from '../api/occupations'
import { singularTitle } from '../grammar'
import { builderLayout as layout } from '@/features/documents'
import styles from './cover-letter.module.css'

/** The job title: free text with suggestions from the salary occupation list (a combobox). */
export function JobTitleSearch({ value, onChange }: { value: string; onChange: (title: string, occupation: string) => void }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const query = useDeferredValue(value.trim())
  const suggestions = useQuery({ ...occupationSuggestionsQueryOptions(query), enabled: open && query.length >= 2 })
  const options = open && query.length >= 2 ? (suggestions.data ?? []) : []
  const choose = (index: number) => {
    const option = options[index]
    if (!option) return
    onChange(singularTitle(option.title), option.code)
    setOpen(false)
    setActive(-1)
  }
  return (
    <div className={layout.field}>
      <label htmlFor={id} className={layout.label}>
        Job title
      </label>
      <input
        id={id}
        className={layout.input}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value, '')
          setOpen(true)
          setActive(-1)
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && options.length > 0) {
            event.preventDefault()
            setActive((i) => (i + 1) % options.length)
          } else if (event.key === 'ArrowUp' && options.length > 0) {
            event.preventDefault()
            setActive((i) => (i <= 0 ? options.length - 1 : i - 1))
          } else if (event.key === 'Enter' && active >= 0) {
            event.preventDefault()
            choose(active)
          } else if (event.key === 'Escape') setOpen(false)
        }}
      />
      <p className={layout.hint}>Type a few letters: suggestions come from the occupations of our salary data.</p>
      <ul id={`${id}-list`} role="listbox" aria-label="Job title suggestions" className={styles.suggestions} hidden={options.length === 0}>
        {options.map((option, index) => (
          <li
            key={option.code}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            className={styles.suggestion}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            {singularTitle(option.title)}
            {option.matched ? <span className={styles.cardText}> ({option.matched})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
