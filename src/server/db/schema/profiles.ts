import { boolean, index, integer, pgEnum, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'

export const genderEnum = pgEnum('gender', ['female', 'male', 'non_binary', 'other', 'prefer_not_to_say'])
export const unitPreferenceEnum = pgEnum('unit_preference', ['metric', 'imperial'])
export const shoeSystemEnum = pgEnum('shoe_system', ['eu', 'us', 'uk', 'jp'])

/** Spec part 1 §3. Lengths in cm, weight in kg. The counts are kept by the services that change them. */
export const profiles = pgTable(
  'profiles',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid().notNull().unique().defaultRandom(),
    username: text().unique(),
    displayName: text(),
    firstName: text(),
    lastName: text(),
    bio: text(),
    avatarUrl: text(),
    phoneE164: text('phone_e164'),
    gender: genderEnum(),
    unitPreference: unitPreferenceEnum().notNull().default('metric'),
    heightCm: real(),
    weightKg: real(),
    chestCm: real(),
    waistCm: real(),
    hipCm: real(),
    inseamCm: real(),
    outseamCm: real(),
    sleeveCm: real(),
    shoulderCm: real(),
    neckCm: real(),
    thighCm: real(),
    calfCm: real(),
    shoeSize: real(),
    shoeSystem: shoeSystemEnum(),
    location: text(),
    website: text(),
    postsCount: integer().notNull().default(0),
    followingCount: integer().notNull().default(0),
    followersCount: integer().notNull().default(0),
    isVerified: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profiles_username_idx').on(t.username)],
)

export const follows = pgTable(
  'follows',
  {
    followerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followingId] }), index('follows_following_idx').on(t.followingId)],
)
