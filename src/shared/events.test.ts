import { describe, expect, it } from 'vitest'
import { LiveRoomEventSchema, UserEventSchema } from './events'

describe('live event payloads', () => {
  it('parses each user event by its type', () => {
    const read = UserEventSchema.parse({ type: 'messages_read', data: { conversationId: 'c1' } })
    expect(read).toEqual({ type: 'messages_read', data: { conversationId: 'c1' } })
    const gen = UserEventSchema.parse({ type: 'generation', data: { id: 'g1', status: 'succeeded', outputUrl: '/api/files/x', error: null } })
    expect(gen.type === 'generation' && gen.data.status).toBe('succeeded')
  })

  it('rejects a payload that does not fit its type, and unknown types', () => {
    expect(UserEventSchema.safeParse({ type: 'story', data: { conversationId: 'c1' } }).success).toBe(false)
    expect(UserEventSchema.safeParse({ type: 'party', data: {} }).success).toBe(false)
    expect(LiveRoomEventSchema.safeParse({ type: 'reaction', data: { id: 'r1', emoji: '🍕' } }).success).toBe(false)
    expect(LiveRoomEventSchema.safeParse({ type: 'viewers', data: { viewers: 3 } }).success).toBe(true)
  })
})
