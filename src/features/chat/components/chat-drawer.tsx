import { useSelector } from '@xstate/react'
import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useEffect, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import { chatMessages } from '~contract/chat.ts'
import { Spinner } from '@/components/spinner/spinner'
import { awaitingAnswer, type chatMachine } from '../machines/chat.machine'
import { ChatComposer } from './chat-composer'
import { ChatMessageItem } from './chat-message'
import styles from './chat-drawer.module.css'

type ChatActor = ActorRefFrom<typeof chatMachine>

type ChatDrawerProps = {
  id: string
  actorRef: ChatActor
  open: boolean
  /** Focus goes back to the chat icon. */
  onClosed: () => void
}

/**
 * Spec section 2: the right-side chat drawer. A non-modal dialog: the page stays usable
 * beside it, Escape or the close button closes it, focus moves in on open and back out on close.
 */
export function ChatDrawer({ id, actorRef, open, onClosed }: ChatDrawerProps) {
  const messages = useSelector(actorRef, (s) => s.context.messages)
  const provider = useSelector(actorRef, (s) => s.context.provider)
  const notice = useSelector(actorRef, (s) => s.context.notice)
  const connection = useSelector(actorRef, (s) =>
    s.matches({ open: 'offline' }) ? 'offline' : s.matches({ open: { online: 'connecting' } }) ? 'connecting' : 'ready',
  )
  const waiting = awaitingAnswer(messages)
  const pending = messages[messages.length - 1]?.type === 'question'
  const input = useRef<HTMLTextAreaElement>(null)
  const log = useRef<HTMLDivElement>(null)
  const pinned = useRef(true)

  // Follow the conversation while the reader is at its end; leave them be when they scrolled up.
  useEffect(() => {
    const element = log.current
    if (element && pinned.current) element.scrollTop = element.scrollHeight
  }, [messages, open])

  return (
    <Dialog.Root open={open} modal={false} onOpenChange={(next) => !next && actorRef.send({ type: 'CLOSE' })}>
      <Dialog.Portal>
        <Dialog.Content
          id={id}
          className={styles.drawer}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            input.current?.focus()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            onClosed()
          }}
          // The page beside the drawer stays usable: clicking it does not close the chat.
          onInteractOutside={(event) => event.preventDefault()}
        >
          <header className={styles.header}>
            <div>
              <Dialog.Title className={styles.title}>Career assistant</Dialog.Title>
              <p className={styles.subtitle}>Applications, interviews, salaries and living costs</p>
            </div>
            <Dialog.Close className={styles.close} aria-label="Close chat">
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </header>

          {connection !== 'ready' || notice ? (
            <div className={styles.status} role="status" data-connection={connection}>
              {connection === 'connecting' ? (
                <>
                  <Spinner size={14} /> Connecting…
                </>
              ) : connection === 'offline' ? (
                <>
                  Connection lost. Reconnecting…
                  <button type="button" className={styles.statusAction} onClick={() => actorRef.send({ type: 'RECONNECT' })}>
                    Reconnect now
                  </button>
                </>
              ) : (
                notice
              )}
            </div>
          ) : null}

          <div
            ref={log}
            className={styles.log}
            role="log"
            aria-live="polite"
            aria-label="Conversation"
            tabIndex={0}
            onScroll={(event) => {
              const el = event.currentTarget
              pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48
            }}
          >
            <ChatMessageItem message={{ id: 'greeting', type: 'answer', data: chatMessages.greeting }} />
            {messages.map((message) => (
              <ChatMessageItem key={message.id} message={message} />
            ))}
            {pending ? (
              <div className={styles.pending} role="status">
                <Spinner size={16} label="Waiting for the answer" />
                <span aria-hidden="true">Looking it up…</span>
              </div>
            ) : null}
          </div>

          <ChatComposer
            inputRef={input}
            waiting={waiting}
            onSend={(text) => {
              if (!actorRef.getSnapshot().can({ type: 'SEND', text })) return false
              pinned.current = true
              actorRef.send({ type: 'SEND', text })
              return true
            }}
          />
          <p className={styles.credit}>{provider ?? '\u00a0'}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
