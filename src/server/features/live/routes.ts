import { OkSchema } from '~/shared/api'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { LiveCommentSchema, LiveCommentSentSchema, LiveReactionSchema, LiveStateSchema } from '~/shared/social/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { json } from '../../http/validate'
import type { Platform } from '../../platform'
import { pipeEvents } from '../../platform/events'
import { logger } from '../../platform/logger'
import { hit } from '../../platform/rate-limit'
import { userCard } from '../profiles'
import { LIVE_ROOM, broadcastComment, broadcastReaction, changePresence, liveState, refreshPresence } from './service'

const HEARTBEAT_MS = 25_000

export function liveRoutes(p: Platform) {
  const limit = async (key: string, max: number) => {
    if (p.config.RATE_LIMIT) await hit(p.db, key, max, 60, 'Slow down a little.')
  }
  return new Hono<AppEnv>()
    .get('/live', describe({ summary: 'The live room: host and how many are watching', tags: ['live'], auth: true, response: LiveStateSchema }), async (c) => {
      requireUser(c)
      return c.json(await liveState(p))
    })
    .get('/live/events', describe({ summary: 'Comments, reactions and viewer counts of the live room (server-sent events)', tags: ['live'], auth: true, responseType: 'text/event-stream' }), (c) => {
      const me = requireUser(c)
      return streamSSE(c, async (stream) => {
        let joined = false
        try {
          await pipeEvents(stream, (listener) => p.events.join(LIVE_ROOM, listener), {
            heartbeatMs: HEARTBEAT_MS,
            until: p.shutdown.signal,
            onOpen: async () => {
              joined = true
              await changePresence(p, me.id, 1)
            },
            onHeartbeat: () => refreshPresence(p, me.id),
          })
        } finally {
          // The database may already be closed when the server shuts down; presence then expires by itself.
          if (joined) await changePresence(p, me.id, -1).catch((err: unknown) => logger.warn('live presence not updated', { err }))
        }
      })
    })
    .post('/live/comments', describe({ summary: 'Comment on the live video (everyone watching sees it)', tags: ['live'], auth: true, response: LiveCommentSentSchema }), json(LiveCommentSchema), async (c) => {
      const me = requireUser(c)
      await limit(`live-comment:${me.id}`, 30)
      const { body } = c.req.valid('json')
      await broadcastComment(p, await userCard(p.db, me.id), body)
      return c.json({ body }, 201)
    })
    .post('/live/reactions', describe({ summary: 'Send an emoji reaction to everyone watching', tags: ['live'], auth: true, response: OkSchema }), json(LiveReactionSchema), async (c) => {
      const me = requireUser(c)
      await limit(`live-reaction:${me.id}`, 120)
      await broadcastReaction(p, c.req.valid('json').emoji)
      return c.json({ ok: true as const })
    })
}
