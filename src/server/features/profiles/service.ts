import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { PM } from '~/shared/profiles/messages'
import { displayNameOf, type Profile, type ProfileFields, type PublicProfile } from '~/shared/profiles/schemas'
import type { Db, Tx } from '../../db/client'
import { countedToggle, movedBy } from '../../db/counted-toggle'
import { follows, profiles, users } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { AppError, badRequest, notFound } from '../../http/errors'
import type { Platform } from '../../platform'
import { notify } from '../notifications'
import { claimAvatar, deleteAvatarFiles } from './avatar'

type ProfileRow = typeof profiles.$inferSelect

/** The stored row in the API's snake_case shape (spec part 1 §3). */
export function toProfile(r: ProfileRow): Profile {
  return {
    id: r.id,
    user_id: r.userId,
    username: r.username,
    display_name: r.displayName,
    first_name: r.firstName,
    last_name: r.lastName,
    bio: r.bio,
    avatar_url: r.avatarUrl,
    phone_e164: r.phoneE164,
    gender: r.gender,
    unit_preference: r.unitPreference,
    height_cm: r.heightCm,
    weight_kg: r.weightKg,
    chest_cm: r.chestCm,
    waist_cm: r.waistCm,
    hip_cm: r.hipCm,
    inseam_cm: r.inseamCm,
    outseam_cm: r.outseamCm,
    sleeve_cm: r.sleeveCm,
    shoulder_cm: r.shoulderCm,
    neck_cm: r.neckCm,
    thigh_cm: r.thighCm,
    calf_cm: r.calfCm,
    shoe_size: r.shoeSize,
    shoe_system: r.shoeSystem,
    location: r.location,
    website: r.website,
    posts_count: r.postsCount,
    followers_count: r.followersCount,
    following_count: r.followingCount,
    is_verified: r.isVerified,
    created_at: r.createdAt.toISOString(),
  }
}

function toColumns(f: Partial<ProfileFields>): Partial<typeof profiles.$inferInsert> {
  const map: Record<keyof ProfileFields, keyof typeof profiles.$inferInsert> = {
    username: 'username',
    display_name: 'displayName',
    first_name: 'firstName',
    last_name: 'lastName',
    bio: 'bio',
    avatar_url: 'avatarUrl',
    phone_e164: 'phoneE164',
    gender: 'gender',
    unit_preference: 'unitPreference',
    height_cm: 'heightCm',
    weight_kg: 'weightKg',
    chest_cm: 'chestCm',
    waist_cm: 'waistCm',
    hip_cm: 'hipCm',
    inseam_cm: 'inseamCm',
    outseam_cm: 'outseamCm',
    sleeve_cm: 'sleeveCm',
    shoulder_cm: 'shoulderCm',
    neck_cm: 'neckCm',
    thigh_cm: 'thighCm',
    calf_cm: 'calfCm',
    shoe_size: 'shoeSize',
    shoe_system: 'shoeSystem',
  }
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [map[k as keyof ProfileFields], v]))
}

/** A username to start with, from the e-mail's local part: 'Anna.Lee+x@…' -> 'anna.lee'. */
export function usernameSeed(email: string) {
  const [local = ''] = email.split('@')
  const base = local.toLowerCase().replace(/\+.*$/, '').replace(/[^a-z0-9._]/g, '').slice(0, 15)
  return base.length >= 3 ? base : `${base}user`.slice(0, 15)
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null
  return Boolean(e && (e.code === '23505' || isUniqueViolation(e.cause)))
}

/**
 * The user's profile row, created on first access with a free username taken from the e-mail
 * (`ON CONFLICT DO NOTHING` covers both a concurrent first access and a taken username).
 */
export async function ensureProfile(db: Db, userId: string, initial: Partial<typeof profiles.$inferInsert> = {}): Promise<ProfileRow> {
  const [existing] = await db.select().from(profiles).where(eq(profiles.userId, userId))
  if (existing) return existing
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw notFound('No user')
  const seed = initial.username ?? usernameSeed(user.email)
  for (let attempt = 0; attempt < 6; attempt++) {
    const username = attempt === 0 ? seed : attempt < 5 ? `${seed.slice(0, 15)}${crypto.randomInt(1000, 99999)}` : null
    await db.insert(profiles).values({ ...initial, userId, username }).onConflictDoNothing()
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId))
    if (row) return row
  }
  throw new Error('could not create a profile')
}

/**
 * Saves the owner's fields (already converted to metric). A taken username is a 409 on that field.
 * A new avatar must be the user's own pending upload; the one it replaces is deleted once saved.
 */
export async function saveProfile({ db, storage }: Pick<Platform, 'db' | 'storage'>, userId: string, fields: ProfileFields): Promise<Profile> {
  await ensureProfile(db, userId)
  const avatarUrl = fields.avatar_url ?? null
  try {
    const { row, replaced } = await db.transaction(async (tx) => {
      const before = oneRow(await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, userId)).for('update'))
      const changed = before.avatarUrl !== avatarUrl
      if (changed && avatarUrl && !(await claimAvatar(tx, userId, avatarUrl))) throw badRequest(PM.avatarNotYours, { avatar_url: PM.avatarNotYours })
      const row = oneRow(await tx
        .update(profiles)
        .set({ ...toColumns(fields), updatedAt: new Date() })
        .where(eq(profiles.userId, userId))
        .returning())
      return { row, replaced: changed ? before.avatarUrl : null }
    })
    if (replaced) await deleteAvatarFiles(storage, userId, replaced)
    return toProfile(row)
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'username_taken', PM.usernameTaken, { username: PM.usernameTaken })
    throw err
  }
}

async function profileByUsername(db: Db, username: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.username, username))
  if (!row) throw notFound(PM.profileNotFound)
  return row
}

export async function isFollowing(db: Db, followerId: string, followingId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
  return Boolean(row)
}

/** Anyone's public profile; `viewerId` adds whether they follow it. */
export async function publicProfile(db: Db, viewerId: string | null, username: string): Promise<PublicProfile> {
  const row = await profileByUsername(db, username)
  const p = toProfile(row)
  return {
    user_id: p.user_id,
    username: p.username,
    display_name: displayNameOf(p),
    first_name: p.first_name,
    last_name: p.last_name,
    bio: p.bio,
    avatar_url: p.avatar_url,
    location: p.location,
    website: p.website,
    posts_count: p.posts_count,
    followers_count: p.followers_count,
    following_count: p.following_count,
    is_verified: p.is_verified,
    is_me: viewerId === p.user_id,
    is_following: viewerId && viewerId !== p.user_id ? await isFollowing(db, viewerId, p.user_id) : false,
  }
}

/** Follows or unfollows `username`; both users' counts change in the same transaction. */
export async function setFollowing(p: Pick<Platform, 'db' | 'events'>, me: string, username: string, follow: boolean) {
  const target = await profileByUsername(p.db, username)
  if (target.userId === me) throw badRequest(PM.cannotFollowSelf)
  await ensureProfile(p.db, me)
  const { changed, count: followersCount } = await countedToggle(p.db, follow, {
    insert: (tx) => tx.insert(follows).values({ followerId: me, followingId: target.userId }).onConflictDoNothing().returning({ id: follows.followingId }),
    remove: (tx) =>
      tx
        .delete(follows)
        .where(and(eq(follows.followerId, me), eq(follows.followingId, target.userId)))
        .returning({ id: follows.followingId }),
    count: async (tx, delta) => {
      if (delta) await tx.update(profiles).set({ followingCount: movedBy(profiles.followingCount, delta) }).where(eq(profiles.userId, me))
      const [t] = await tx.update(profiles).set({ followersCount: movedBy(profiles.followersCount, delta) }).where(eq(profiles.userId, target.userId)).returning({ followersCount: profiles.followersCount })
      if (!t) throw notFound(PM.profileNotFound)
      return t.followersCount
    },
  })
  if (changed && follow) await notify(p, { recipientId: target.userId, actorId: me, type: 'follow' })
  return { following: follow, followersCount }
}

/** Moves the user's posts_count with a post published or deleted in the caller's transaction. */
export async function movePostsCount(tx: Tx, userId: string, delta: 1 | -1) {
  await tx.update(profiles).set({ postsCount: movedBy(profiles.postsCount, delta) }).where(eq(profiles.userId, userId))
}
