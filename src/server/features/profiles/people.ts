import { eq, inArray, or, sql } from 'drizzle-orm'
import { displayNameOf } from '~/shared/profiles/names'
import type { UserCard } from '~/shared/social/schemas'
import type { Db } from '../../db/client'
import { profiles, users } from '../../db/schema'
import { notFound } from '../../http/errors'

/** The columns a UserCard is made of (users left-joined to profiles). */
export const cardColumns = {
  id: users.id,
  username: profiles.username,
  displayName: profiles.displayName,
  firstName: profiles.firstName,
  avatarUrl: sql<string | null>`coalesce(${profiles.avatarUrl}, ${users.image})`,
  isVerified: sql<boolean>`coalesce(${profiles.isVerified}, false)`,
}

export type CardRow = { id: string; username: string | null; displayName: string | null; firstName: string | null; avatarUrl: string | null; isVerified: boolean }

export const toCard = (r: CardRow): UserCard => ({ id: r.id, username: r.username, name: displayNameOf({ display_name: r.displayName, first_name: r.firstName, username: r.username }), avatarUrl: r.avatarUrl, isVerified: r.isVerified })

/** UserCards by id, in a map (unknown ids are left out). */
export async function userCards(db: Db, ids: string[]): Promise<Map<string, UserCard>> {
  const unique = [...new Set(ids)]
  if (!unique.length) return new Map()
  const rows = await db.select(cardColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(inArray(users.id, unique))
  return new Map(rows.map((r) => [r.id, toCard(r)]))
}

/** One user's card; a 404 when the id is unknown. */
export async function userCard(db: Db, id: string): Promise<UserCard> {
  const card = (await userCards(db, [id])).get(id)
  if (!card) throw notFound('This person does not exist.')
  return card
}

/** The user a path segment names: a username (case-insensitive) or a user id; 404 otherwise. */
export async function resolveHandle(db: Db, handle: string, message = 'This person does not exist.'): Promise<UserCard> {
  const [row] = await db
    .select(cardColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(or(eq(profiles.username, handle.toLowerCase()), eq(users.id, handle)))
    .limit(1)
  if (!row) throw notFound(message)
  return toCard(row)
}
