import { describe, expect, it } from 'vitest'
import { matchesConversation, SendMessageSchema, type ConversationSummary } from './schemas'
import { SM } from './messages'

const conversation = (username: string | null, name: string, last: string | null): ConversationSummary => ({
  id: '1',
  user: { id: 'u1', username, name, avatarUrl: null, isVerified: false, hasStory: false },
  lastMessage: last === null ? null : { body: last, senderId: 'u1', createdAt: '2026-11-22T00:00:00Z' },
  unread: 0,
})

describe('the /messages filter', () => {
  it('matches the username or the last message, case-insensitively', () => {
    const c = conversation('milo.chen', 'Milo Chen', 'See you at the Fitting')
    expect(matchesConversation(c, '')).toBe(true)
    expect(matchesConversation(c, '  MILO ')).toBe(true)
    expect(matchesConversation(c, 'fitting')).toBe(true)
    expect(matchesConversation(c, 'ava')).toBe(false)
    expect(matchesConversation(conversation(null, 'User', null), 'user')).toBe(true)
  })

  it('refuses empty and over-long messages with the shared texts', () => {
    expect(SendMessageSchema.safeParse({ body: '  hi  ' })).toMatchObject({ success: true, data: { body: 'hi' } })
    expect(SendMessageSchema.safeParse({ body: '   ' }).error?.issues[0]?.message).toBe(SM.emptyMessage)
    expect(SendMessageSchema.safeParse({ body: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(SM.messageTooLong)
  })
})
