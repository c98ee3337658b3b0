import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'

/** Spec part 2 §3 (posts, post_images) plus likes, saves and comments. Counts kept by the services. */
export const posts = pgTable(
  'posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caption: text().notNull().default(''),
    location: text(),
    likesCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    savesCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('posts_created_idx').on(t.createdAt, t.id), index('posts_user_created_idx').on(t.userId, t.createdAt)],
)

export const postImages = pgTable(
  'post_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    imageUrl: text().notNull(),
    imageOrder: integer().notNull().default(0),
  },
  (t) => [index('post_images_post_idx').on(t.postId, t.imageOrder)],
)

export const postLikes = pgTable(
  'post_likes',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
)

export const postSaves = pgTable(
  'post_saves',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
)

export const comments = pgTable(
  'comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comments_post_idx').on(t.postId, t.createdAt)],
)

/**
 * The photo library: photos a user uploaded to post later. They stay until the user deletes them
 * (decision 0020); files are `library/{userId}/{id}-w{width}.webp`, readable by the owner only.
 */
export const libraryPhotos = pgTable(
  'library_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Bytes stored over all width variants. */
    fileSize: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('library_photos_user_created_idx').on(t.userId, t.createdAt)],
)
