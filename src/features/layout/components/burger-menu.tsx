import { SpriteIcon } from '@/components/sprite-icon/sprite-icon'
import { lazy, Suspense, useRef, useState } from 'react'
import styles from './burger-menu.module.css'

const loadSheet = () => import('./burger-sheet')
const BurgerSheet = lazy(loadSheet)

/** Side menu that replaces the dropdowns at 992 px and narrower; the sheet loads on first use. */
export function BurgerMenu({ className }: { className?: string }) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${styles.trigger} ${className ?? ''}`}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        <SpriteIcon name="menu" size={22} />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <BurgerSheet open={open} onOpenChange={setOpen} onCloseFocus={() => button.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  )
}
