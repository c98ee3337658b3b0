import { OkSchema } from '~/shared/api'
import { Hono } from 'hono'
import { ActivitySchema, FollowingActivitySchema, UnreadCountSchema } from '~/shared/social/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import type { Platform } from '../../platform'
import { activityFor, followingActivity, markActivityRead, unreadActivityCount } from './activity'

export function activityRoutes(p: Platform) {
  return new Hono<AppEnv>()
    .get('/activity', describe({ summary: 'Your activity (likes, comments, mentions, follows) grouped New / Today / This Week / This Month', tags: ['activity'], auth: true, response: ActivitySchema }), async (c) => {
      return c.json(await activityFor(p.db, requireUser(c).id))
    })
    .get('/activity/following', describe({ summary: 'What the people you follow liked lately', tags: ['activity'], auth: true, response: FollowingActivitySchema }), async (c) => {
      return c.json(await followingActivity(p.db, requireUser(c).id))
    })
    .get('/activity/unread', describe({ summary: 'How many activity items are new', tags: ['activity'], auth: true, response: UnreadCountSchema }), async (c) => {
      return c.json({ count: await unreadActivityCount(p.db, requireUser(c).id) })
    })
    .post('/activity/read', describe({ summary: 'Mark your activity seen', tags: ['activity'], auth: true, response: OkSchema }), async (c) => {
      await markActivityRead(p.db, requireUser(c).id)
      return c.json({ ok: true as const })
    })
}
