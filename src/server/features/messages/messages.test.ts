import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema, OkSchema, ValidationErrorSchema } from '~/shared/api'
import { present } from '~/shared/lists'
import { ConversationListSchema, ConversationSchema, MessageSchema, UnreadCountSchema } from '~/shared/social/schemas'
import { SM } from '~/shared/social/messages'
import { createTestApp, type TestApp } from '../../test/harness'
import { openStream, socialUser } from '../../test/social'

let t: TestApp
let a: Awaited<ReturnType<typeof socialUser>>
let b: Awaited<ReturnType<typeof socialUser>>
let c: Awaited<ReturnType<typeof socialUser>>

beforeAll(async () => {
  t = await createTestApp()
  a = await socialUser(t, 'anna')
  b = await socialUser(t, 'ben')
  c = await socialUser(t, 'cleo')
})
afterAll(() => t.close())

describe('messages', () => {
  it('delivers a message to the recipient, who sees it unread in their list', async () => {
    const sent = await t.request(`/api/messages/with/${b.username}`, { cookie: a.cookie, body: { body: '  Hello Ben  ' }, schema: MessageSchema })
    expect(sent.status).toBe(201)
    expect(sent.json).toMatchObject({ senderId: a.id, body: 'Hello Ben', readAt: null })

    const list = await t.request('/api/messages/conversations', { cookie: b.cookie, schema: ConversationListSchema })
    expect(list.json.conversations).toHaveLength(1)
    expect(list.json.conversations[0]).toMatchObject({ id: sent.json.conversationId, user: { id: a.id, username: a.username }, lastMessage: { body: 'Hello Ben' }, unread: 1 })
    expect((await t.request('/api/messages/unread', { cookie: b.cookie, schema: UnreadCountSchema })).json).toEqual({ count: 1 })
    expect((await t.request('/api/messages/unread', { cookie: a.cookie, schema: UnreadCountSchema })).json).toEqual({ count: 0 })

    const read = await t.request(`/api/messages/conversations/${sent.json.conversationId}/read`, { cookie: b.cookie, method: 'POST', schema: OkSchema })
    expect(read.status).toBe(200)
    expect((await t.request('/api/messages/unread', { cookie: b.cookie, schema: UnreadCountSchema })).json).toEqual({ count: 0 })
    const thread = await t.request(`/api/messages/with/${a.username}`, { cookie: b.cookie, schema: ConversationSchema })
    expect(thread.json.messages.map((m) => m.body)).toEqual(['Hello Ben'])
    expect(thread.json.messages[0]!.readAt).not.toBeNull()
  })

  it('a user reads only conversations they are part of', async () => {
    const ab = await t.request(`/api/messages/with/${b.username}`, { cookie: a.cookie, body: { body: 'just between us' }, schema: MessageSchema })
    // Cleo's list does not include Anna and Ben's conversation.
    expect((await t.request('/api/messages/conversations', { cookie: c.cookie, schema: ConversationListSchema })).json.conversations).toEqual([])
    // Asking for "the conversation with Anna" gives Cleo her own (empty) one, never Anna and Ben's.
    const withAnna = await t.request(`/api/messages/with/${a.username}`, { cookie: c.cookie, schema: ConversationSchema })
    expect(withAnna.json).toMatchObject({ id: null, messages: [] })
    // Another pair's conversation id cannot be marked read (or even confirmed to exist).
    const foreign = await t.request(`/api/messages/conversations/${ab.json.conversationId}/read`, { cookie: c.cookie, method: 'POST', schema: ApiErrorSchema })
    expect(foreign.status).toBe(404)
    expect(foreign.json.error.code).toBe('not_found')
    expect((await t.request('/api/messages/unread', { cookie: b.cookie, schema: UnreadCountSchema })).json.count).toBe(1)
    // Signed out: nothing.
    expect((await t.request('/api/messages/conversations')).status).toBe(401)
    expect((await t.request(`/api/messages/with/${b.username}`, { body: { body: 'hi' } })).status).toBe(401)
    expect((await t.request(`/api/messages/with/${b.username}`, { body: { body: '' } })).status).toBe(401)
  })

  it('validates messages: empty, too long, to yourself, to nobody', async () => {
    const empty = await t.request(`/api/messages/with/${b.username}`, { cookie: a.cookie, body: { body: '   ' }, schema: ValidationErrorSchema })
    expect(empty.status).toBe(400)
    expect(empty.json.error.fields.body).toBe(SM.emptyMessage)
    const long = await t.request(`/api/messages/with/${b.username}`, { cookie: a.cookie, body: { body: 'x'.repeat(2001) }, schema: ValidationErrorSchema })
    expect(long.json.error.fields.body).toBe(SM.messageTooLong)
    const extra = await t.request(`/api/messages/with/${b.username}`, { cookie: a.cookie, body: { body: 'hi', senderId: b.id } })
    expect(extra.status).toBe(400)
    expect((await t.request(`/api/messages/with/${a.username}`, { cookie: a.cookie, body: { body: 'me' } })).status).toBe(400)
    expect((await t.request('/api/messages/with/nobody_here', { cookie: a.cookie, body: { body: 'hi' } })).status).toBe(404)
  })

  it("reaches the recipient's open event stream live", async () => {
    const stream = await openStream(t, '/api/events', b.cookie)
    try {
      const sent = await t.request(`/api/messages/with/${b.username}`, { cookie: c.cookie, body: { body: 'Are you there?' }, schema: MessageSchema })
      const event = MessageSchema.parse(await stream.next('message'))
      expect(event).toMatchObject({ id: sent.json.id, body: 'Are you there?', senderId: c.id })
    } finally {
      await stream.close()
    }
  })

  it('pages back through a long conversation', async () => {
    const d = await socialUser(t, 'dora')
    for (let i = 0; i < 55; i++) await t.request(`/api/messages/with/${d.username}`, { cookie: a.cookie, body: { body: `m${i}` } })
    const first = await t.request(`/api/messages/with/${a.username}`, { cookie: d.cookie, schema: ConversationSchema })
    expect(first.json.messages).toHaveLength(50)
    expect(first.json.messages.at(-1)?.body).toBe('m54')
    const older = await t.request(`/api/messages/with/${a.username}?before=${encodeURIComponent(present(first.json.nextCursor, 'a cursor to older messages'))}`, { cookie: d.cookie, schema: ConversationSchema })
    expect(older.json.messages.map((m) => m.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4'])
    expect(older.json.nextCursor).toBeNull()
  })
})
