import type { ChatMessage } from './machines/chat.machine'
import { messageId } from './machines/chat.machine'

/** Spec section 3: chatHistory, persisted. */
const STORAGE_KEY = 'waypoint:chat'

export function loadChatHistory(): ChatMessage[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    if (!raw) return []
    const { chatHistory } = JSON.parse(raw) as { chatHistory?: unknown }
    if (!Array.isArray(chatHistory)) return []
    return chatHistory.flatMap((item: Partial<ChatMessage>) =>
      item && (item.type === 'question' || item.type === 'answer') && typeof item.data === 'string'
        ? [
            {
              id: typeof item.id === 'string' ? item.id : messageId(),
              type: item.type,
              data: item.data,
              ...(Array.isArray(item.sources)
                ? { sources: item.sources.filter((s) => typeof s?.title === 'string' && typeof s?.url === 'string') }
                : {}),
              ...(typeof item.error === 'string' ? { error: item.error } : {}),
            },
          ]
        : [],
    )
  } catch {
    return []
  }
}

export function saveChatHistory(messages: ChatMessage[]) {
  try {
    const chatHistory = messages.filter((m) => !m.streaming)
    if (chatHistory.length === 0) localStorage.removeItem(STORAGE_KEY)
    else localStorage.setItem(STORAGE_KEY, JSON.stringify({ chatHistory }))
  } catch {
    // Private mode or a full quota: the conversation still works in this tab.
  }
}
