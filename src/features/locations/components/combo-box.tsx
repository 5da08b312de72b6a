import { useId, useState, type ReactNode } from 'react'
import styles from './combo-box.module.css'

export type ComboOption = { value: string; label: string; hint?: ReactNode }

type ComboBoxProps = {
  label: string
  placeholder?: string
  /** The text in the box (controlled); the parent fetches options for it. */
  text: string
  onTextChange: (text: string) => void
  options: ComboOption[]
  onSelect: (option: ComboOption) => void
  loading?: boolean
  emptyText?: string
}

/** A type-ahead: a text box with a list of matches, used with the mouse or the arrow keys. */
export function ComboBox({ label, placeholder, text, onTextChange, options, onSelect, loading, emptyText = 'No matches' }: ComboBoxProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const listId = `${id}-list`
  const showList = open && text.trim().length > 0
  const choose = (option: ComboOption) => {
    onSelect(option)
    setOpen(false)
  }
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && options[active] ? `${id}-${active}` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value)
          setActive(0)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
            setActive((i) => Math.min(i + 1, options.length - 1))
          } else if (event.key === 'ArrowUp') {
            event.preventDefault()
            setActive((i) => Math.max(i - 1, 0))
          } else if (event.key === 'Enter' && showList && options[active]) {
            event.preventDefault()
            choose(options[active])
          } else if (event.key === 'Escape') setOpen(false)
        }}
      />
      {showList ? (
        <ul id={listId} role="listbox" aria-label={label} className={styles.list}>
          {options.length === 0 ? (
            <li className={styles.empty} role="presentation">
              {loading ? 'Searching…' : emptyText}
            </li>
          ) : (
            options.map((option, index) => (
              <li
                key={option.value}
                id={`${id}-${index}`}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(event) => {
                  event.preventDefault()
                  choose(option)
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span>{option.label}</span>
                {option.hint ? <span className={styles.hint}>{option.hint}</span> : null}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  )
}
