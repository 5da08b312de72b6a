import { chatPath } from '~contract/chat.ts'
import { apiBaseUrl } from '@/lib/api-client'

/** ws(s)://.../api/ai/chatbot, beside the API the SPA talks to. */
export const chatSocketUrl = () => `${apiBaseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}${chatPath}`
