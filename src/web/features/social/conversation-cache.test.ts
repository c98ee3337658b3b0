import { describe, expect, it } from 'vitest'
import type { Message } from '~/shared/social/schemas'
import { type ConversationPages, isPending, pendingMessage, withLiveMessage, withMessage } from './conversation-cache'

const me = 'user-me'
const other = 'user-other'
const thread = (messages: Message[]): ConversationPages => ({
  pages: [{ id: 'c1', user: { id: other, username: 'milo', displayName: 'Milo', avatarUrl: null }, messages, nextCursor: null } as unknown as ConversationPages['pages'][number]],
  pageParams: [undefined],
})
const stored = (senderId: string, body: string, id = crypto.randomUUID()): Message => ({ id, conversationId: 'c1', senderId, body, createdAt: new Date().toISOString(), readAt: null })
const bodies = (d: ConversationPages | undefined) => d?.pages[0]?.messages.map((m) => `${m.body}${isPending(m) ? ' (sending)' : ''}`)

describe('a conversation in the cache', () => {
  it("shows one's own message once when its live copy arrives before the reply to sending it", () => {
    const pending = pendingMessage(me, 'Hi from your profile')
    const sent = stored(me, 'Hi from your profile')
    let d = withMessage(thread([]), pending)
    d = withLiveMessage(d, sent, me)
    expect(bodies(d)).toEqual(['Hi from your profile'])
    d = withMessage(d, sent, pending.id)
    expect(bodies(d)).toEqual(['Hi from your profile'])
  })

  it('keeps a message being sent when the other person happens to write the same words', () => {
    let d = withMessage(thread([]), pendingMessage(me, 'ok'))
    d = withLiveMessage(d, stored(other, 'ok'), me)
    expect(bodies(d)).toEqual(['ok (sending)', 'ok'])
  })

  it('adds a live message only once', () => {
    const m = stored(other, 'hello')
    expect(bodies(withLiveMessage(withLiveMessage(thread([]), m, me), m, me))).toEqual(['hello'])
  })
})
