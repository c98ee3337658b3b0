import { inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { notifications, profiles } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import type { EventBus } from '../../platform/events'

type NotificationInput = {
  recipientId: string
  actorId: string
  type: 'like' | 'comment' | 'mention' | 'follow'
  postId?: string
  commentId?: string
  content?: string
}

/**
 * Records activity for its recipient (never for actions on one's own things) and tells the
 * recipient's open pages. Call it from the feature where the action happens.
 */
export async function notify(deps: { db: Db; events: EventBus }, input: NotificationInput) {
  if (input.recipientId === input.actorId) return
  const row = oneRow(await deps.db
    .insert(notifications)
    .values({ userId: input.recipientId, actorId: input.actorId, type: input.type, postId: input.postId, commentId: input.commentId, content: input.content })
    .returning({ id: notifications.id }))
  await deps.events.publish(input.recipientId, { type: 'notification', data: { id: row.id, type: input.type } })
}

/** The @usernames in a text, lower-cased and unique. */
export const mentionsIn = (text: string) => [...new Set([...text.matchAll(/(?:^|[^\w.])@([a-z0-9._]{3,20})/gi)].flatMap(([, name]) => (name ? [name.toLowerCase()] : [])))]

/** Notifies every mentioned user that exists. */
export async function notifyMentions(deps: { db: Db; events: EventBus }, text: string, base: Omit<NotificationInput, 'recipientId' | 'type'>) {
  const names = mentionsIn(text)
  if (!names.length) return
  const rows = await deps.db.select({ userId: profiles.userId }).from(profiles).where(inArray(profiles.username, names))
  for (const r of rows) await notify(deps, { ...base, recipientId: r.userId, type: 'mention', content: text.slice(0, 280) })
}
