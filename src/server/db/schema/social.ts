import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'

/** Spec part 1 §3 (Story: id, user, isLive, views) made real: an image that lives 24 hours. */
export const stories = pgTable(
  'stories',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageUrl: text().notNull(),
    isLive: boolean().notNull().default(false),
    viewsCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('stories_user_expires_idx').on(t.userId, t.expiresAt), index('stories_expires_idx').on(t.expiresAt)],
)

/** Who has seen which story: the ring turns grey per viewer. */
export const storyViews = pgTable(
  'story_views',
  {
    storyId: uuid()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    viewerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.viewerId, t.storyId] })],
)

/** A one-to-one conversation; `userA` < `userB` so each pair has one row. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userA: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.userA, t.userB),
    index('conversations_a_last_idx').on(t.userA, t.lastMessageAt),
    index('conversations_b_last_idx').on(t.userB, t.lastMessageAt),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('messages_unread_idx')
      .on(t.recipientId, t.conversationId)
      .where(sql`${t.readAt} is null`),
  ],
)

/** A signed-in user's recent searches (newest first, a handful kept). */
export const recentSearches = pgTable(
  'recent_searches',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text().notNull(),
    searchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.query] }), index('recent_searches_user_idx').on(t.userId, t.searchedAt)],
)

/** Who is watching a live room right now; rows are refreshed by the open stream and expire. */
export const livePresence = pgTable(
  'live_presence',
  {
    room: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connections: integer().notNull().default(1),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.room, t.userId] })],
)
