import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { products } from './products'

/** Spec part 2 §3 user_photos: a user's own base (person) and product (garment) photos. */
export const userPhotos = pgTable(
  'user_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filePath: text().notNull(),
    fileUrl: text().notNull(),
    originalFilename: text(),
    fileSize: integer().notNull(),
    mimeType: text().notNull(),
    photoType: text({ enum: ['base', 'product'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_photos_user_type_idx').on(t.userId, t.photoType, t.createdAt)],
)

/**
 * Spec part 2 §3 ai_generations, plus the bookkeeping of a job: which attempt runs it and when it
 * last showed signs of life (`heartbeat_at`), so that a job orphaned by a crash is found again.
 */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['queued', 'processing', 'succeeded', 'failed'] }).notNull().default('queued'),
    outputUrl: text(),
    outputUrls: jsonb().$type<string[]>().notNull().default([]),
    error: text(),
    model: text(),
    subjectBucket: text().notNull(),
    subjectPath: text().notNull(),
    garmentBucket: text().notNull(),
    garmentPath: text().notNull(),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    requestPayload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    taskUuid: uuid().notNull().defaultRandom(),
    attempt: integer().notNull().default(0),
    heartbeatAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('ai_generations_user_created_idx').on(t.userId, t.createdAt), index('ai_generations_status_idx').on(t.status, t.heartbeatAt)],
)

/** Spec part 2 §3 tryon_results: results the user saved. */
export const tryonResults = pgTable(
  'tryon_results',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generationId: uuid().references(() => aiGenerations.id, { onDelete: 'set null' }),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    basePhotoUrl: text().notNull(),
    productPhotoUrl: text().notNull(),
    resultUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tryon_results_user_created_idx').on(t.userId, t.createdAt)],
)

/** Spec part 2 §3 user_runware_settings: one row per user. */
export const userRunwareSettings = pgTable('user_runware_settings', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  model: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  numberResults: integer().notNull(),
  outputFormat: text({ enum: ['JPG', 'PNG', 'WEBP'] }).notNull(),
  promptTemplate: text().notNull(),
  customJson: jsonb().$type<Record<string, unknown> | null>(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Style Studio "Styles": named collections of saved results. */
export const styleCollections = pgTable(
  'style_collections',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('style_collections_user_idx').on(t.userId, t.createdAt)],
)

export const styleCollectionItems = pgTable(
  'style_collection_items',
  {
    collectionId: uuid()
      .notNull()
      .references(() => styleCollections.id, { onDelete: 'cascade' }),
    resultId: uuid()
      .notNull()
      .references(() => tryonResults.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.resultId] })],
)
