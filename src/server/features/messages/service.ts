import { and, count, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Conversation, ConversationSummary, Message } from '~/shared/social/schemas'
import { conversations, messages, stories } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { badRequest, notFound } from '../../http/errors'
import type { Platform } from '../../platform'
import { ensureProfile } from '../profiles'
import { resolveHandle, userCards } from '../profiles'

type Deps = Pick<Platform, 'db' | 'events'>

const PAGE_SIZE = 50
const LIST_LIMIT = 100

/** The pair key of a conversation: the two ids in order, so each pair has one row. */
const pair = (a: string, b: string) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a })
const otherOf = (c: { userA: string; userB: string }, me: string) => (c.userA === me ? c.userB : c.userA)
const isMember = (me: string) => or(eq(conversations.userA, me), eq(conversations.userB, me))

const toMessage = (m: typeof messages.$inferSelect): Message => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  body: m.body,
  createdAt: m.createdAt.toISOString(),
  readAt: m.readAt?.toISOString() ?? null,
})

/** The signed-in user's conversations, most recent first, with the last message and unread count. */
export async function listConversations({ db }: Deps, me: string): Promise<ConversationSummary[]> {
  const rows = await db.select().from(conversations).where(isMember(me)).orderBy(desc(conversations.lastMessageAt)).limit(LIST_LIMIT)
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const others = rows.map((r) => otherOf(r, me))
  const [last, unread, withStory, cards] = await Promise.all([
    db
      .selectDistinctOn([messages.conversationId], { conversationId: messages.conversationId, body: messages.body, senderId: messages.senderId, createdAt: messages.createdAt })
      .from(messages)
      .where(inArray(messages.conversationId, ids))
      .orderBy(messages.conversationId, desc(messages.createdAt)),
    db
      .select({ conversationId: messages.conversationId, n: count() })
      .from(messages)
      .where(and(eq(messages.recipientId, me), isNull(messages.readAt), inArray(messages.conversationId, ids)))
      .groupBy(messages.conversationId),
    db
      .selectDistinct({ userId: stories.userId })
      .from(stories)
      .where(and(inArray(stories.userId, others), sql`${stories.expiresAt} > now()`)),
    userCards(db, others),
  ])
  const lastBy = new Map(last.map((m) => [m.conversationId, m]))
  const unreadBy = new Map(unread.map((u) => [u.conversationId, u.n]))
  const storyOwners = new Set(withStory.map((s) => s.userId))
  return rows.flatMap((r) => {
    const other = otherOf(r, me)
    const user = cards.get(other)
    const m = lastBy.get(r.id)
    if (!user) return []
    return [
      {
        id: r.id,
        user: { ...user, hasStory: storyOwners.has(other) },
        lastMessage: m ? { body: m.body, senderId: m.senderId, createdAt: m.createdAt.toISOString() } : null,
        unread: unreadBy.get(r.id) ?? 0,
      },
    ]
  })
}

/** The conversation between the signed-in user and the user `handle` names (no id yet if they never wrote). */
export async function conversationWith({ db }: Deps, me: string, handle: string, before?: string): Promise<Conversation> {
  const other = await resolveHandle(db, handle)
  if (other.id === me) throw badRequest('You cannot message yourself.')
  const { userA, userB } = pair(me, other.id)
  const [conv] = await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)))
  if (!conv) return { id: null, user: other, messages: [], nextCursor: null }
  const page = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conv.id), before ? lt(messages.createdAt, new Date(before)) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(PAGE_SIZE + 1)
  const more = page.length > PAGE_SIZE
  const shown = page.slice(0, PAGE_SIZE).reverse()
  const oldest = shown[0]
  return { id: conv.id, user: other, messages: shown.map(toMessage), nextCursor: more && oldest ? oldest.createdAt.toISOString() : null }
}

/** Sends a message to the user `handle` names; both sides' open pages get it live. */
export async function sendMessage({ db, events }: Deps, me: string, handle: string, body: string): Promise<Message> {
  const other = await resolveHandle(db, handle)
  if (other.id === me) throw badRequest('You cannot message yourself.')
  await ensureProfile(db, me)
  const message = await db.transaction(async (tx) => {
    const conv = oneRow(await tx
      .insert(conversations)
      .values(pair(me, other.id))
      .onConflictDoUpdate({ target: [conversations.userA, conversations.userB], set: { lastMessageAt: sql`now()` } })
      .returning({ id: conversations.id }))
    const row = oneRow(await tx.insert(messages).values({ conversationId: conv.id, senderId: me, recipientId: other.id, body }).returning())
    return toMessage(row)
  })
  await Promise.all([events.publish(other.id, { type: 'message', data: message }), events.publish(me, { type: 'message', data: message })])
  return message
}

/** Marks every message to the signed-in user in a conversation as read. */
export async function markConversationRead({ db, events }: Deps, me: string, conversationId: string) {
  const [conv] = await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.id, conversationId), isMember(me)))
  if (!conv) throw notFound('This conversation does not exist.')
  const read = await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.recipientId, me), isNull(messages.readAt)))
    .returning({ id: messages.id })
  if (read.length) await events.publish(me, { type: 'messages_read', data: { conversationId } })
}

/** How many messages to the signed-in user are unread (the feed's messages badge). */
export async function unreadCount({ db }: Deps, me: string) {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, me), isNull(messages.readAt), ne(messages.senderId, me)))
  return row?.n ?? 0
}
