import { ArrowDown, ArrowUp, Copy, GripVertical, Plus, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { duplicateById, moveById, moveIndex, removeById, upsertById } from '../model'
import styles from './builder.module.css'

type ItemListProps<T extends { id: string }> = {
  /** Singular noun for buttons: "experience", "skill"... */
  noun: string
  items: T[]
  onChange: (items: T[]) => void
  blank: () => T
  /** A short name for one item, used in headings and in the buttons' accessible names. */
  describe: (item: T) => string
  fields: (item: T, update: (item: T) => void) => ReactNode
}

/** Items with add, remove, duplicate and reorder (buttons, keyboard, or drag by the handle). */
export function ItemList<T extends { id: string }>({ noun, items, onChange, blank, describe, fields }: ItemListProps<T>) {
  const [dragging, setDragging] = useState<number | null>(null)
  const name = (item: T, index: number) => describe(item).trim() || `${noun} ${index + 1}`

  return (
    <div className={styles.items}>
      <ol className={styles.itemList}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={styles.item}
            data-dragging={dragging === index || undefined}
            onDragOver={(event) => {
              if (dragging !== null) event.preventDefault()
            }}
            onDrop={(event) => {
              event.preventDefault()
              if (dragging !== null && dragging !== index) onChange(moveIndex(items, dragging, index))
              setDragging(null)
            }}
          >
            <div className={styles.itemHead}>
              <span
                className={styles.grip}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move'
                  event.dataTransfer.setData('text/plain', item.id)
                  setDragging(index)
                }}
                onDragEnd={() => setDragging(null)}
                title="Drag to reorder"
                aria-hidden="true"
              >
                <GripVertical size={16} />
              </span>
              <h3 className={styles.itemTitle}>{name(item, index)}</h3>
              <div className={styles.itemActions}>
                <button
                  type="button"
                  aria-label={`Move ${name(item, index)} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moveById(items, item.id, -1))}
                >
                  <ArrowUp size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label={`Move ${name(item, index)} down`}
                  disabled={index === items.length - 1}
                  onClick={() => onChange(moveById(items, item.id, 1))}
                >
                  <ArrowDown size={16} aria-hidden="true" />
                </button>
                <button type="button" aria-label={`Duplicate ${name(item, index)}`} onClick={() => onChange(duplicateById(items, item.id))}>
                  <Copy size={16} aria-hidden="true" />
                </button>
                <button type="button" aria-label={`Remove ${name(item, index)}`} onClick={() => onChange(removeById(items, item.id))}>
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </div>
            </div>
            <div className={styles.itemFields}>{fields(item, (next) => onChange(upsertById(items, next)))}</div>
          </li>
        ))}
      </ol>
      <button type="button" className={styles.add} onClick={() => onChange([...items, blank()])}>
        <Plus size={16} aria-hidden="true" /> Add {noun}
      </button>
    </div>
  )
}
