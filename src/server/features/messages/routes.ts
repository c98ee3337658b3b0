import { OkSchema } from '~/shared/api'
import { Hono } from 'hono'
import { z } from 'zod'
import { ConversationListSchema, ConversationSchema, HandleParamSchema, MessagePageQuerySchema, MessageSchema, SendMessageSchema, UnreadCountSchema } from '~/shared/social/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { json, params, query } from '../../http/validate'
import type { Platform } from '../../platform'
import { hit } from '../../platform/rate-limit'
import { conversationWith, listConversations, markConversationRead, sendMessage, unreadCount } from './service'

const ConversationIdParamSchema = z.strictObject({ id: z.uuid('No such conversation.') })
const SEND_LIMIT = { max: 60, windowSeconds: 60 }

export function messageRoutes(p: Platform) {
  return new Hono<AppEnv>()
    .get('/messages/conversations', describe({ summary: 'Your conversations, most recent first', tags: ['messages'], auth: true, response: ConversationListSchema }), async (c) => {
      return c.json({ conversations: await listConversations(p, requireUser(c).id) })
    })
    .get('/messages/unread', describe({ summary: 'How many messages to you are unread', tags: ['messages'], auth: true, response: UnreadCountSchema }), async (c) => {
      return c.json({ count: await unreadCount(p, requireUser(c).id) })
    })
    .get(
      '/messages/with/:handle',
      describe({ summary: 'Your conversation with a user (newest page; `before` pages back)', tags: ['messages'], auth: true, response: ConversationSchema }),
      params(HandleParamSchema),
      query(MessagePageQuerySchema),
      async (c) => {
        return c.json(await conversationWith(p, requireUser(c).id, c.req.valid('param').handle, c.req.valid('query').before))
      },
    )
    .post('/messages/with/:handle', describe({ summary: 'Send a message to a user', tags: ['messages'], auth: true, response: MessageSchema }), params(HandleParamSchema), json(SendMessageSchema), async (c) => {
      const me = requireUser(c)
      if (p.config.RATE_LIMIT) await hit(p.db, `message:${me.id}`, SEND_LIMIT.max, SEND_LIMIT.windowSeconds, 'You are sending messages too fast. Wait a moment.')
      return c.json(await sendMessage(p, me.id, c.req.valid('param').handle, c.req.valid('json').body), 201)
    })
    .post('/messages/conversations/:id/read', describe({ summary: 'Mark a conversation read', tags: ['messages'], auth: true, response: OkSchema }), params(ConversationIdParamSchema), async (c) => {
      await markConversationRead(p, requireUser(c).id, c.req.valid('param').id)
      return c.json({ ok: true as const })
    })
}
