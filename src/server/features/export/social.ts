import { asc, desc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { comments, conversations, follows, libraryPhotos, messages, notifications, postImages, postLikes, posts, postSaves, profiles, recentSearches, stories, storyViews } from '../../db/schema'
import { iso } from './account'

/** Other users' usernames by id: the public name that stands for them in the export. */
async function usernamesOf(db: Db, ids: string[]) {
  const unique = [...new Set(ids)]
  const rows = unique.length ? await db.select({ userId: profiles.userId, username: profiles.username }).from(profiles).where(inArray(profiles.userId, unique)) : []
  const names = new Map(rows.map((r) => [r.userId, r.username]))
  return (id: string) => names.get(id) ?? null
}

/**
 * Conversations the user took part in, each with every message of both sides (decision 0018):
 * the other person appears by username only.
 */
async function conversationsOf(db: Db, userId: string) {
  const mine = await db
    .select()
    .from(conversations)
    .where(or(eq(conversations.userA, userId), eq(conversations.userB, userId)))
    .orderBy(desc(conversations.lastMessageAt))
  const rows = mine.length
    ? await db.select().from(messages).where(inArray(messages.conversationId, mine.map((c) => c.id))).orderBy(asc(messages.createdAt))
    : []
  const username = await usernamesOf(db, mine.map((c) => (c.userA === userId ? c.userB : c.userA)))
  return mine.map((c) => ({
    id: c.id,
    with: username(c.userA === userId ? c.userB : c.userA),
    createdAt: iso(c.createdAt),
    messages: rows
      .filter((m) => m.conversationId === c.id)
      .map((m) => ({ id: m.id, sentByMe: m.senderId === userId, body: m.body, createdAt: iso(m.createdAt), readAt: iso(m.readAt) })),
  }))
}

/** Posts (image order, no URLs), likes, saves, comments, follows both ways, stories, messages, activity, searches and library photos. */
export async function socialSection(db: Db, userId: string) {
  const myPosts = await db.select().from(posts).where(eq(posts.userId, userId)).orderBy(desc(posts.createdAt))
  const postIds = myPosts.map((x) => x.id)
  const [images, likes, saves, myComments, following, followers, myStories, viewed, chats, activity, searches, library] = await Promise.all([
    postIds.length ? db.select({ id: postImages.id, postId: postImages.postId, imageOrder: postImages.imageOrder }).from(postImages).where(inArray(postImages.postId, postIds)) : [],
    db.select().from(postLikes).where(eq(postLikes.userId, userId)),
    db.select().from(postSaves).where(eq(postSaves.userId, userId)),
    db.select().from(comments).where(eq(comments.userId, userId)),
    db.select().from(follows).where(eq(follows.followerId, userId)),
    db.select().from(follows).where(eq(follows.followingId, userId)),
    db.select({ id: stories.id, isLive: stories.isLive, viewsCount: stories.viewsCount, createdAt: stories.createdAt, expiresAt: stories.expiresAt }).from(stories).where(eq(stories.userId, userId)),
    db.select({ storyId: storyViews.storyId, viewedAt: storyViews.viewedAt }).from(storyViews).where(eq(storyViews.viewerId, userId)),
    conversationsOf(db, userId),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)),
    db.select({ query: recentSearches.query, searchedAt: recentSearches.searchedAt }).from(recentSearches).where(eq(recentSearches.userId, userId)),
    db.select({ id: libraryPhotos.id, fileSize: libraryPhotos.fileSize, createdAt: libraryPhotos.createdAt }).from(libraryPhotos).where(eq(libraryPhotos.userId, userId)),
  ])
  const username = await usernamesOf(db, [...following.map((f) => f.followingId), ...followers.map((f) => f.followerId), ...activity.map((n) => n.actorId)])
  return {
    posts: myPosts.map((x) => ({ id: x.id, caption: x.caption, location: x.location, likesCount: x.likesCount, commentsCount: x.commentsCount, savesCount: x.savesCount, createdAt: iso(x.createdAt) })),
    postImages: images,
    postLikes: likes.map((x) => ({ postId: x.postId, createdAt: iso(x.createdAt) })),
    postSaves: saves.map((x) => ({ postId: x.postId, createdAt: iso(x.createdAt) })),
    comments: myComments.map((x) => ({ id: x.id, postId: x.postId, body: x.body, createdAt: iso(x.createdAt) })),
    follows: following.map((x) => ({ followingId: x.followingId, username: username(x.followingId), createdAt: iso(x.createdAt) })),
    followers: followers.map((x) => ({ username: username(x.followerId), createdAt: iso(x.createdAt) })),
    stories: myStories.map((x) => ({ ...x, createdAt: iso(x.createdAt), expiresAt: iso(x.expiresAt) })),
    storiesViewed: viewed.map((x) => ({ storyId: x.storyId, viewedAt: iso(x.viewedAt) })),
    conversations: chats,
    notifications: activity.map((x) => ({ id: x.id, type: x.type, from: username(x.actorId), postId: x.postId, content: x.content, createdAt: iso(x.createdAt), readAt: iso(x.readAt) })),
    recentSearches: searches.map((x) => ({ query: x.query, searchedAt: iso(x.searchedAt) })),
    libraryPhotos: library.map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
  }
}
