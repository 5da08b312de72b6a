import { SendHorizontal } from 'lucide-react'
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { CHAT_QUESTION_MAX, chatMessages } from '~contract/chat.ts'
import styles from './chat-drawer.module.css'

type ChatComposerProps = {
  inputRef: RefObject<HTMLTextAreaElement | null>
  /** A question awaits its answer: nothing more can be sent yet. */
  waiting: boolean
  /** True when the question was taken (the box empties). */
  onSend: (text: string) => boolean
}

/**
 * The message box (spec sections 2 and 5): at most 300 characters with a counter; Enter sends,
 * Ctrl+Enter (and Shift+Enter) add a new line, Enter on an empty box does nothing.
 */
export function ChatComposer({ inputRef, waiting, onSend }: ChatComposerProps) {
  const [text, setText] = useState('')
  const caret = useRef<number | null>(null)
  const empty = text.trim() === ''

  // Grow with the text (up to the CSS max-height), and put the caret after an inserted line break.
  useLayoutEffect(() => {
    const box = inputRef.current
    if (!box) return
    box.style.height = 'auto'
    box.style.height = `${box.scrollHeight}px`
    if (caret.current !== null) {
      box.setSelectionRange(caret.current, caret.current)
      caret.current = null
    }
  }, [text, inputRef])

  const send = () => {
    if (empty || waiting) return
    if (onSend(text)) setText('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    if (event.shiftKey) return
    event.preventDefault()
    if (event.ctrlKey || event.metaKey) {
      const box = event.currentTarget
      if (text.length >= CHAT_QUESTION_MAX) return
      const at = box.selectionStart
      caret.current = at + 1
      setText(`${text.slice(0, at)}\n${text.slice(box.selectionEnd)}`)
      return
    }
    send()
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <div className={styles.field}>
        <textarea
          ref={inputRef}
          className={styles.input}
          rows={1}
          value={text}
          maxLength={CHAT_QUESTION_MAX}
          placeholder={chatMessages.placeholder}
          aria-label="Message"
          aria-describedby="chat-counter"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <span id="chat-counter" className={styles.counter} data-full={text.length >= CHAT_QUESTION_MAX || undefined}>
          {text.length}/{CHAT_QUESTION_MAX}
        </span>
      </div>
      <button type="submit" className={styles.send} aria-label="Send message" disabled={empty || waiting}>
        <SendHorizontal size={20} aria-hidden="true" />
      </button>
    </form>
  )
}
