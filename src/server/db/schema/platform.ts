import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Mails kept by the dev mailbox when no SMTP server is configured. */
export const devMail = pgTable(
  'dev_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mail_to_idx').on(t.to, t.createdAt)],
)

/** Fixed-window counters shared by every app instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)

/**
 * Uploaded files not yet in use: a post photo before its post is published, an avatar before the
 * profile is saved with it. `key` is the storage key behind the URL the client was given, `keys`
 * every stored variant. Using the upload deletes the row; a sweep deletes rows and files left
 * for a day. No foreign key to the user, so the sweep still finds the files of a deleted account.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').notNull(),
    keys: text('keys').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_uploads_created_idx').on(t.createdAt)],
)
