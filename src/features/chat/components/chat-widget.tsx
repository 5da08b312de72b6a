import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { inspect } from '@/lib/inspection'
import { loadChatHistory, saveChatHistory } from '../chat-history'
import { chatSocketUrl } from '../chat-url'
import { chatCredentials } from '../credentials'
import { chatMachine } from '../machines/chat.machine'
import { chatSocket } from '../machines/chat-socket'
import { ChatDrawer } from './chat-drawer'
import { LauncherButton } from './launcher-button'

const drawerMachine = chatMachine.provide({
  actors: { socket: chatSocket({ url: chatSocketUrl(), credentials: chatCredentials }) },
  actions: { persist: ({ context }) => saveChatHistory(context.messages) },
})

const drawerId = 'chat-drawer'

/** The chat icon and its drawer, driven by one machine (loaded on first use). */
export default function ChatWidget({ openOnMount = false }: { openOnMount?: boolean }) {
  const [history] = useState(loadChatHistory)
  const actorRef = useActorRef(drawerMachine, { input: { history }, inspect })
  const open = useSelector(actorRef, (snapshot) => snapshot.matches('open'))
  const launcher = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (openOnMount) actorRef.send({ type: 'OPEN' })
  }, [actorRef, openOnMount])

  return (
    <>
      <LauncherButton
        ref={launcher}
        hidden={open}
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => actorRef.send({ type: 'OPEN' })}
      />
      <ChatDrawer id={drawerId} actorRef={actorRef} open={open} onClosed={() => launcher.current?.focus()} />
    </>
  )
}
