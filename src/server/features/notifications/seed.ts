import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import { comments, follows, notifications, postLikes, posts } from '../../db/schema'
import type { Platform } from '../../platform'
import { demoUserIds } from '../auth'

/**
 * Activity for the demo accounts, mirrored from the demo follows, likes and comments the profile and
 * post seeds made (when those did not notify already). Skipped for anyone who has activity.
 */
export async function seedDemoActivity({ db }: Platform) {
  const accounts = await demoUserIds(db)
  for (const account of accounts) {
    const [any] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, account.id)).limit(1)
    if (any) continue
    const myPosts = (await db.select({ id: posts.id }).from(posts).where(eq(posts.userId, account.id)).orderBy(desc(posts.createdAt)).limit(20)).map((r) => r.id)
    const [followers, likes, replies] = await Promise.all([
      db.select({ actorId: follows.followerId, createdAt: follows.createdAt }).from(follows).where(eq(follows.followingId, account.id)),
      myPosts.length
        ? db.select({ actorId: postLikes.userId, postId: postLikes.postId, createdAt: postLikes.createdAt }).from(postLikes).where(and(inArray(postLikes.postId, myPosts), ne(postLikes.userId, account.id)))
        : [],
      myPosts.length
        ? db
            .select({ actorId: comments.userId, postId: comments.postId, commentId: comments.id, content: comments.body, createdAt: comments.createdAt })
            .from(comments)
            .where(and(inArray(comments.postId, myPosts), ne(comments.userId, account.id)))
        : [],
    ])
    const rows = [
      ...followers.map((f) => ({ userId: account.id, actorId: f.actorId, type: 'follow' as const, createdAt: f.createdAt })),
      ...likes.map((l) => ({ userId: account.id, actorId: l.actorId, type: 'like' as const, postId: l.postId, createdAt: l.createdAt })),
      ...replies.map((c) => ({
        userId: account.id,
        actorId: c.actorId,
        type: c.content.toLowerCase().includes(`@${account.username}`) ? ('mention' as const) : ('comment' as const),
        postId: c.postId,
        commentId: c.commentId,
        content: c.content,
        createdAt: c.createdAt,
      })),
    ]
    if (rows.length) await db.insert(notifications).values(rows)
  }
}
