import { useNavigate } from '@tanstack/react-router'
import { ArrowRight, Search, X } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import styles from './search-overlay.module.css'

type SearchOverlayProps = {
  /** `returnFocus`: give focus back to the search icon (Escape), not after navigating. */
  onClose: (returnFocus: boolean) => void
}

/** Spec section 2: placeholder 'Search {host}', submit to /search?title=, a clear button. */
export function SearchOverlay({ onClose }: SearchOverlayProps) {
  const navigate = useNavigate()
  const [title, setTitle] = useState('')
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    input.current?.focus()
  }, [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const query = title.trim()
    if (!query) {
      input.current?.focus()
      return
    }
    onClose(false)
    void navigate({ to: '/search', search: { title: query } })
  }

  return (
    <div className={styles.panel} id="site-search">
      <form
        role="search"
        aria-label="Site search"
        className={styles.form}
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose(true)
        }}
      >
        <Search className={styles.leading} size={20} aria-hidden="true" />
        <input
          ref={input}
          type="search"
          name="title"
          className={styles.input}
          placeholder={`Search ${window.location.host}`}
          aria-label="Search Waypoint"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        {title ? (
          <button
            type="button"
            className={styles.clear}
            aria-label="Clear search"
            onClick={() => {
              setTitle('')
              input.current?.focus()
            }}
          >
            <X size={18} aria-hidden="true" />
          </button>
        ) : null}
        <button type="submit" className={styles.submit} aria-label="Submit search">
          <ArrowRight size={20} aria-hidden="true" />
        </button>
      </form>
    </div>
  )
}
