import { memo, useMemo } from 'react'
import type { ChatMessage } from '../machines/chat.machine'
import { renderAnswer } from '../render-answer'
import styles from './chat-drawer.module.css'

/** One question or answer. Answers are HTML only after sanitising; questions are plain text. */
export const ChatMessageItem = memo(function ChatMessageItem({ message }: { message: ChatMessage }) {
  const html = useMemo(() => (message.type === 'answer' && message.data ? renderAnswer(message.data) : ''), [message.type, message.data])
  if (message.type === 'question') {
    return (
      <div className={`${styles.message} ${styles.question}`}>
        <span className="visually-hidden">You asked: </span>
        {message.data}
      </div>
    )
  }
  return (
    <div className={`${styles.message} ${styles.answer}`} aria-busy={message.streaming || undefined} data-streaming={message.streaming || undefined}>
      {html ? <div className={styles.answerText} dangerouslySetInnerHTML={{ __html: html }} /> : null}
      {message.error ? <p className={styles.failure}>{message.error}</p> : null}
      {message.sources && message.sources.length > 0 ? (
        <div className={styles.sources}>
          <span className={styles.sourcesLabel}>Sources</span>
          <ul>
            {message.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} target="_blank" rel="noopener noreferrer">
                  {source.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
})
