import type { InfiniteData } from '@tanstack/react-query'
import type { Conversation, Message } from '~/shared/social/schemas'

export type ConversationPages = InfiniteData<Conversation, string | undefined>

const PENDING = 'pending-'

/** A message shown at once while it is being sent (its id is the page's own until the server's reply). */
export const pendingMessage = (senderId: string, body: string): Message => ({
  id: `${PENDING}${crypto.randomUUID()}`,
  conversationId: '',
  senderId,
  body,
  createdAt: new Date().toISOString(),
  readAt: null,
})

export const isPending = (m: Message) => m.id.startsWith(PENDING)

/** Adds a message to the newest page unless it is there already, dropping the message `dropId` (the pending one it stands for). */
export const withMessage = (data: ConversationPages | undefined, m: Message, dropId?: string): ConversationPages | undefined => {
  const [newest, ...rest] = data?.pages ?? []
  if (!data || !newest) return data
  const kept = newest.messages.filter((x) => x.id !== dropId)
  const messages = kept.some((x) => x.id === m.id) ? kept : [...kept, m]
  return { ...data, pages: [{ ...newest, id: newest.id ?? (m.conversationId || null), messages }, ...rest] }
}

/**
 * Adds a message that arrived live. The live copy of one's own message can arrive before the reply
 * to sending it: it then stands for the first pending message with its text (shown twice otherwise).
 */
export const withLiveMessage = (data: ConversationPages | undefined, m: Message, myId: string | undefined) => {
  const standsFor = m.senderId === myId ? data?.pages[0]?.messages.find((x) => isPending(x) && x.body === m.body)?.id : undefined
  return withMessage(data, m, standsFor)
}
