import { and, asc, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { FM } from '~/shared/posts/messages'
import { MAX_LIBRARY_PHOTOS, type Author, type Comment, type PhotoList, type Post } from '~/shared/posts/schemas'
import type { UserCard } from '~/shared/social/schemas'
import type { Db } from '../../db/client'
import { countedToggle, movedBy } from '../../db/counted-toggle'
import { comments, follows, postImages, postLikes, posts, postSaves, profiles } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { decodeCursor, encodeCursor } from '../../http/cursor'
import { forbidden, notFound } from '../../http/errors'
import type { Platform } from '../../platform'
import { notify, notifyMentions } from '../notifications'
import { ensureProfile, movePostsCount } from '../profiles'
import { type CardRow, toCard, userCards } from '../profiles'
import { isOwnUpload, srcSetOf, uploadIdOf, variantKeysOf } from './images'
import { libraryOf } from './library'

type Deps = Pick<Platform, 'db' | 'events' | 'storage'>

/** Keyset cursor: phase (0 = own and followed, 1 = everyone else), created_at as text (µs), id; null = from the top. */
type Cursor = { phase: 0 | 1; at: string | null; id: string | null }
const CursorSchema = z.union([
  z.tuple([z.union([z.literal(0), z.literal(1)]), z.null(), z.null()]),
  z.tuple([z.union([z.literal(0), z.literal(1)]), z.string().refine((at) => !Number.isNaN(Date.parse(at))), z.string().regex(/^[0-9a-f-]{36}$/)]),
])
const toCursor = (c: Cursor) => encodeCursor([c.phase, c.at, c.id])
function fromCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null
  const [phase, at, id] = decodeCursor(raw, CursorSchema)
  return { phase, at, id }
}

const authorColumns = {
  userId: posts.userId,
  username: profiles.username,
  displayName: profiles.displayName,
  firstName: profiles.firstName,
  avatarUrl: profiles.avatarUrl,
  isVerified: profiles.isVerified,
}
type AuthorRow = Omit<CardRow, 'id' | 'isVerified'> & { userId: string; isVerified: boolean | null }

/** A post's or comment's author: the user card, keyed `userId`. */
const toAuthor = ({ userId, isVerified, ...r }: AuthorRow): Author => {
  const { id, ...card } = toCard({ ...r, id: userId, isVerified: Boolean(isVerified) })
  return { userId: id, ...card }
}

/**
 * A post with everything its card needs, for one viewer, in a single query: images in order,
 * the viewer's like and save, and one liker (the viewer or someone they follow first).
 */
const postColumns = (viewerId: string) => ({
  id: posts.id,
  caption: posts.caption,
  location: posts.location,
  likesCount: posts.likesCount,
  commentsCount: posts.commentsCount,
  savesCount: posts.savesCount,
  createdAt: posts.createdAt,
  at: sql<string>`${posts.createdAt}::text`,
  ...authorColumns,
  images: sql<string[] | null>`(select json_agg(pi.image_url order by pi.image_order) from post_images pi where pi.post_id = ${posts.id})`,
  isLiked: sql<boolean>`exists(select 1 from post_likes ml where ml.post_id = ${posts.id} and ml.user_id = ${viewerId})`,
  isSaved: sql<boolean>`exists(select 1 from post_saves ms where ms.post_id = ${posts.id} and ms.user_id = ${viewerId})`,
  // Someone other than the viewer (whose own like reads 'you' on the client), a followed user first.
  likedById: sql<string | null>`(
    select l.user_id from post_likes l where ${posts.likesCount} > 0 and l.post_id = ${posts.id} and l.user_id <> ${viewerId}
    order by (l.user_id in (select lf.following_id from follows lf where lf.follower_id = ${viewerId})) desc, l.created_at desc
    limit 1)`,
})
type PostRow = Awaited<ReturnType<typeof pagePosts>>[number]

const before = (c: Cursor | null): SQL | undefined => (c?.at ? sql`(${posts.createdAt}, ${posts.id}) < (${c.at}::timestamptz, ${c.id}::uuid)` : undefined)

/** One newest-first page of posts matching `where`, as `viewerId` sees them. */
function pagePosts(db: Db, viewerId: string, where: SQL | undefined, cursor: Cursor | null, limit: number) {
  return db
    .select(postColumns(viewerId))
    .from(posts)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(and(where, before(cursor)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit)
}

const likerName = (card: UserCard | undefined) => (card ? (card.username ?? card.name) : null)

/** Rows to posts; the likers' names come in one lookup for the whole page. */
async function toPosts(db: Db, rows: PostRow[]): Promise<Post[]> {
  // Every user has a card (a liker without a profile row still has a name), so a like is always named.
  const likers = await userCards(db, rows.flatMap((r) => (r.likedById ? [r.likedById] : [])))
  return rows.map((r) => ({
    id: r.id,
    author: toAuthor(r),
    caption: r.caption,
    location: r.location,
    images: (r.images ?? []).map((url) => ({ url, srcSet: srcSetOf(url) })),
    likesCount: r.likesCount,
    commentsCount: r.commentsCount,
    savesCount: r.savesCount,
    isLiked: r.isLiked,
    isSaved: r.isSaved,
    likedBy: likerName(r.likedById ? likers.get(r.likedById) : undefined),
    createdAt: r.createdAt.toISOString(),
  }))
}

/** The viewer and the users they follow. */
const circleOf = (viewerId: string): SQL =>
  sql`(${posts.userId} = ${viewerId} or ${posts.userId} in (select ${follows.followingId} from ${follows} where ${follows.followerId} = ${viewerId}))`

/** Cuts a `limit + 1` query result to a page and the cursor after it. */
const cut = (rows: PostRow[], limit: number, phase: 0 | 1) => {
  const lastShown = rows[limit - 1]
  return { rows: rows.slice(0, limit), next: rows.length > limit && lastShown ? toCursor({ phase, at: lastShown.at, id: lastShown.id }) : null }
}

/**
 * The feed (PRODUCT.md §2): the viewer's own and followed users' posts first, then everyone
 * else's, each newest first. Two keyset phases, so every page is an index range scan.
 */
export async function feed(db: Db, viewerId: string, rawCursor: string | undefined, limit: number) {
  const cursor = fromCursor(rawCursor)
  let rows: PostRow[] = []
  let phaseOneCursor = cursor
  if (!cursor || cursor.phase === 0) {
    const first = cut(await pagePosts(db, viewerId, circleOf(viewerId), cursor, limit + 1), limit, 0)
    if (first.next) return { items: await toPosts(db, first.rows), nextCursor: first.next }
    rows = first.rows
    phaseOneCursor = null
  }
  const remaining = limit - rows.length
  if (remaining === 0) return { items: await toPosts(db, rows), nextCursor: toCursor({ phase: 1, at: null, id: null }) }
  const rest = cut(await pagePosts(db, viewerId, not(circleOf(viewerId)), phaseOneCursor, remaining + 1), remaining, 1)
  return { items: await toPosts(db, [...rows, ...rest.rows]), nextCursor: rest.next }
}

/** One user's posts, newest first (profile grid). */
export async function postsOf(db: Db, viewerId: string, userId: string, rawCursor: string | undefined, limit: number) {
  return simplePage(db, viewerId, eq(posts.userId, userId), rawCursor, limit)
}

/** Posts whose caption mentions @username (the profile's Tagged tab). */
export async function postsTagging(db: Db, viewerId: string, username: string, rawCursor: string | undefined, limit: number) {
  const pattern = `(^|[^a-z0-9._])@${username.replace(/\./g, '\\.')}([^a-z0-9._]|$)`
  return simplePage(db, viewerId, sql`${posts.caption} ~* ${pattern}`, rawCursor, limit)
}

/** The viewer's saved posts; nobody else's saves are ever read. */
export async function savedPosts(db: Db, viewerId: string, rawCursor: string | undefined, limit: number) {
  const mine = db.select({ id: postSaves.postId }).from(postSaves).where(eq(postSaves.userId, viewerId))
  return simplePage(db, viewerId, inArray(posts.id, mine), rawCursor, limit)
}

async function simplePage(db: Db, viewerId: string, where: SQL, rawCursor: string | undefined, limit: number) {
  const page = cut(await pagePosts(db, viewerId, where, fromCursor(rawCursor), limit + 1), limit, 0)
  return { items: await toPosts(db, page.rows), nextCursor: page.next }
}

/** One post as the viewer sees it. */
export async function getPost(db: Db, viewerId: string, postId: string) {
  const [row] = await pagePosts(db, viewerId, eq(posts.id, postId), null, 1)
  if (!row) throw notFound(FM.postNotFound)
  return oneRow(await toPosts(db, [row]))
}

async function postOwner(db: Db, postId: string) {
  const [row] = await db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId))
  if (!row) throw notFound(FM.postNotFound)
  return row.userId
}

/**
 * Publishes a post with its images in order; the author's posts_count moves in the same
 * transaction. Image URLs are trusted here: callers pass public URLs (the route goes through publishPostImages).
 */
export async function createPost(deps: Deps, userId: string, input: { caption: string; imageUrls: string[]; location?: string | null }) {
  await ensureProfile(deps.db, userId)
  const id = await deps.db.transaction(async (tx) => {
    const post = oneRow(await tx.insert(posts).values({ userId, caption: input.caption, location: input.location ?? null }).returning({ id: posts.id }))
    await tx.insert(postImages).values(input.imageUrls.map((imageUrl, imageOrder) => ({ postId: post.id, imageUrl, imageOrder })))
    await movePostsCount(tx, userId, 1)
    return post.id
  })
  await notifyMentions(deps, input.caption, { actorId: userId, postId: id })
  return getPost(deps.db, userId, id)
}

/** Deletes the user's own post (403 for anyone else's) and the image files no other post uses. */
export async function deletePost(deps: Deps, userId: string, postId: string) {
  if ((await postOwner(deps.db, postId)) !== userId) throw forbidden('You can only delete your own posts.')
  const images = await deps.db.select({ url: postImages.imageUrl }).from(postImages).where(eq(postImages.postId, postId))
  await deps.db.transaction(async (tx) => {
    const gone = await tx.delete(posts).where(and(eq(posts.id, postId), eq(posts.userId, userId))).returning({ id: posts.id })
    if (gone.length) await movePostsCount(tx, userId, -1)
  })
  const urls = images.map((i) => i.url)
  if (!urls.length) return
  const stillUsed = new Set((await deps.db.select({ url: postImages.imageUrl }).from(postImages).where(inArray(postImages.imageUrl, urls))).map((r) => r.url))
  await Promise.all(urls.filter((u) => !stillUsed.has(u)).flatMap(variantKeysOf).map((key) => deps.storage.delete(key)))
}

/** Likes or unlikes; likes_count moves in the same transaction; a new like notifies the author. */
export async function setLiked(deps: Deps, userId: string, postId: string, like: boolean) {
  const owner = await postOwner(deps.db, postId)
  const { changed, count: likesCount } = await countedToggle(deps.db, like, {
    insert: (tx) => tx.insert(postLikes).values({ userId, postId }).onConflictDoNothing().returning({ id: postLikes.postId }),
    remove: (tx) => tx.delete(postLikes).where(and(eq(postLikes.userId, userId), eq(postLikes.postId, postId))).returning({ id: postLikes.postId }),
    count: async (tx, delta) => {
      const [p] = await tx.update(posts).set({ likesCount: movedBy(posts.likesCount, delta) }).where(eq(posts.id, postId)).returning({ likesCount: posts.likesCount })
      if (!p) throw notFound(FM.postNotFound)
      return p.likesCount
    },
  })
  if (changed && like) await notify(deps, { recipientId: owner, actorId: userId, type: 'like', postId })
  return { liked: like, likesCount }
}

/** Saves to or removes from the user's collection; saves_count moves in the same transaction. */
export async function setSaved(db: Db, userId: string, postId: string, save: boolean) {
  await postOwner(db, postId)
  const { count: savesCount } = await countedToggle(db, save, {
    insert: (tx) => tx.insert(postSaves).values({ userId, postId }).onConflictDoNothing().returning({ id: postSaves.postId }),
    remove: (tx) => tx.delete(postSaves).where(and(eq(postSaves.userId, userId), eq(postSaves.postId, postId))).returning({ id: postSaves.postId }),
    count: async (tx, delta) => {
      const [p] = await tx.update(posts).set({ savesCount: movedBy(posts.savesCount, delta) }).where(eq(posts.id, postId)).returning({ savesCount: posts.savesCount })
      if (!p) throw notFound(FM.postNotFound)
      return p.savesCount
    },
  })
  return { saved: save, savesCount }
}

const commentColumns = { id: comments.id, postId: comments.postId, body: comments.body, createdAt: comments.createdAt, at: sql<string>`${comments.createdAt}::text`, ...authorColumns, userId: comments.userId }

/** A post's comments, oldest first. The author of a comment and of the post may delete it. */
export async function listComments(db: Db, viewerId: string, postId: string, rawCursor: string | undefined, limit: number) {
  const owner = await postOwner(db, postId)
  const cursor = fromCursor(rawCursor)
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    .where(and(eq(comments.postId, postId), cursor?.at ? sql`(${comments.createdAt}, ${comments.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit + 1)
  const items = rows.slice(0, limit).map((r) => toComment(r, viewerId, owner))
  const last = rows[limit - 1]
  return { items, nextCursor: rows.length > limit && last ? toCursor({ phase: 0, at: last.at, id: last.id }) : null }
}

const toComment = (r: { id: string; postId: string; body: string; createdAt: Date } & AuthorRow, viewerId: string, postOwnerId: string): Comment => ({
  id: r.id,
  postId: r.postId,
  author: toAuthor(r),
  body: r.body,
  createdAt: r.createdAt.toISOString(),
  canDelete: r.userId === viewerId || postOwnerId === viewerId,
})

/** Adds a comment; comments_count moves with it; notifies the post's author and mentioned users. */
export async function addComment(deps: Deps, userId: string, postId: string, body: string) {
  const owner = await postOwner(deps.db, postId)
  await ensureProfile(deps.db, userId)
  const id = await deps.db.transaction(async (tx) => {
    const c = oneRow(await tx.insert(comments).values({ postId, userId, body }).returning({ id: comments.id }))
    await tx.update(posts).set({ commentsCount: sql`${posts.commentsCount} + 1` }).where(eq(posts.id, postId))
    return c.id
  })
  await notify(deps, { recipientId: owner, actorId: userId, type: 'comment', postId, commentId: id, content: body.slice(0, 280) })
  await notifyMentions(deps, body, { actorId: userId, postId, commentId: id })
  const row = oneRow(await deps.db.select(commentColumns).from(comments).leftJoin(profiles, eq(profiles.userId, comments.userId)).where(eq(comments.id, id)))
  return toComment(row, userId, owner)
}

export async function deleteComment(db: Db, userId: string, commentId: string) {
  const [c] = await db.select({ userId: comments.userId, postId: comments.postId }).from(comments).where(eq(comments.id, commentId))
  if (!c) throw notFound(FM.commentNotFound)
  if (c.userId !== userId && (await postOwner(db, c.postId)) !== userId) throw forbidden('You can only delete your own comments.')
  await db.transaction(async (tx) => {
    const gone = await tx.delete(comments).where(eq(comments.id, commentId)).returning({ id: comments.id })
    if (gone.length) await tx.update(posts).set({ commentsCount: sql`greatest(0, ${posts.commentsCount} - 1)` }).where(eq(posts.id, c.postId))
  })
}

/**
 * The photo library, newest first: the user's uploaded library photos, then the images of their
 * posts that did not come from the library (a library photo is published under its own id).
 */
export async function ownPhotos(p: Pick<Platform, 'db' | 'storage'>, userId: string): Promise<PhotoList> {
  const [uploaded, published] = await Promise.all([
    libraryOf(p, userId),
    p.db
      .selectDistinctOn([postImages.imageUrl], { url: postImages.imageUrl, postId: postImages.postId, createdAt: posts.createdAt })
      .from(postImages)
      .innerJoin(posts, eq(posts.id, postImages.postId))
      .where(eq(posts.userId, userId))
      .orderBy(postImages.imageUrl, desc(posts.createdAt)),
  ])
  const inLibrary = new Set(uploaded.map((photo) => photo.id))
  const fromPosts = published
    .filter((r) => isOwnUpload(r.url, userId) && !inLibrary.has(uploadIdOf(r.url)))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, 300)
    .map((r) => ({ id: null, url: r.url, srcSet: srcSetOf(r.url), postId: r.postId, createdAt: r.createdAt.toISOString() }))
  return { items: [...uploaded, ...fromPosts], count: uploaded.length, limit: MAX_LIBRARY_PHOTOS }
}
