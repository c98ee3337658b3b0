import { desc, eq, inArray } from 'drizzle-orm'
import { EXPORT_VERSION } from '~/shared/tryon/schemas'
import {
  aiGenerations,
  comments,
  follows,
  messages,
  notifications,
  postImages,
  postLikes,
  posts,
  postSaves,
  productLikes,
  profiles,
  stories,
  tryonResults,
  userPhotos,
  userRunwareSettings,
} from '../../db/schema'
import type { Platform } from '../../platform'

/** The part of an e-mail-like display name before the at sign (spec part 2 §6). */
export const plainName = (name: string | null) => (name && name.includes('@') ? name.slice(0, name.indexOf('@')) : name)

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * A personal data export (spec part 2 §2 /export, PRODUCT.md §3): only rows that belong to the
 * signed-in user, in format version 3.0.0, without any image URL.
 */
export async function exportUserData(p: Platform, userId: string) {
  const db = p.db
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1)
  const myPosts = await db.select().from(posts).where(eq(posts.userId, userId)).orderBy(desc(posts.createdAt))
  const postIds = myPosts.map((x) => x.id)
  const [images, likes, saves, myComments, myFollows, myStories, myMessages, myNotifications, photos, generations, results, settings, likedProducts] = await Promise.all([
    postIds.length ? db.select({ id: postImages.id, postId: postImages.postId, imageOrder: postImages.imageOrder }).from(postImages).where(inArray(postImages.postId, postIds)) : [],
    db.select().from(postLikes).where(eq(postLikes.userId, userId)),
    db.select().from(postSaves).where(eq(postSaves.userId, userId)),
    db.select().from(comments).where(eq(comments.userId, userId)),
    db.select().from(follows).where(eq(follows.followerId, userId)),
    db.select({ id: stories.id, isLive: stories.isLive, viewsCount: stories.viewsCount, createdAt: stories.createdAt, expiresAt: stories.expiresAt }).from(stories).where(eq(stories.userId, userId)),
    db.select({ id: messages.id, conversationId: messages.conversationId, body: messages.body, createdAt: messages.createdAt }).from(messages).where(eq(messages.senderId, userId)),
    db.select({ id: notifications.id, type: notifications.type, postId: notifications.postId, content: notifications.content, createdAt: notifications.createdAt, readAt: notifications.readAt }).from(notifications).where(eq(notifications.userId, userId)),
    db.select({ id: userPhotos.id, photoType: userPhotos.photoType, originalFilename: userPhotos.originalFilename, fileSize: userPhotos.fileSize, mimeType: userPhotos.mimeType, createdAt: userPhotos.createdAt }).from(userPhotos).where(eq(userPhotos.userId, userId)),
    db.select({ id: aiGenerations.id, status: aiGenerations.status, model: aiGenerations.model, error: aiGenerations.error, productId: aiGenerations.productId, createdAt: aiGenerations.createdAt }).from(aiGenerations).where(eq(aiGenerations.userId, userId)),
    db.select({ id: tryonResults.id, generationId: tryonResults.generationId, productId: tryonResults.productId, createdAt: tryonResults.createdAt }).from(tryonResults).where(eq(tryonResults.userId, userId)),
    db.select().from(userRunwareSettings).where(eq(userRunwareSettings.userId, userId)),
    db.select({ productId: productLikes.productId, createdAt: productLikes.createdAt }).from(productLikes).where(eq(productLikes.userId, userId)),
  ])
  return {
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    profile: profile
      ? {
          id: profile.id,
          username: profile.username,
          displayName: plainName(profile.displayName),
          bio: profile.bio,
          location: profile.location,
          website: profile.website,
          postsCount: profile.postsCount,
          followingCount: profile.followingCount,
          followersCount: profile.followersCount,
          isVerified: profile.isVerified,
          createdAt: iso(profile.createdAt),
        }
      : null,
    posts: myPosts.map((x) => ({ id: x.id, caption: x.caption, location: x.location, likesCount: x.likesCount, commentsCount: x.commentsCount, savesCount: x.savesCount, createdAt: iso(x.createdAt) })),
    postImages: images,
    postLikes: likes.map((x) => ({ postId: x.postId, createdAt: iso(x.createdAt) })),
    postSaves: saves.map((x) => ({ postId: x.postId, createdAt: iso(x.createdAt) })),
    comments: myComments.map((x) => ({ id: x.id, postId: x.postId, body: x.body, createdAt: iso(x.createdAt) })),
    follows: myFollows.map((x) => ({ followingId: x.followingId, createdAt: iso(x.createdAt) })),
    stories: myStories.map((x) => ({ ...x, createdAt: iso(x.createdAt), expiresAt: iso(x.expiresAt) })),
    messages: myMessages.map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
    notifications: myNotifications.map((x) => ({ ...x, createdAt: iso(x.createdAt), readAt: iso(x.readAt) })),
    productLikes: likedProducts.map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
    photos: photos.map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
    generations: generations.map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
    savedResults: results.map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
    tryOnSettings: settings[0]
      ? { model: settings[0].model, width: settings[0].width, height: settings[0].height, numberResults: settings[0].numberResults, outputFormat: settings[0].outputFormat, promptTemplate: settings[0].promptTemplate, customJson: settings[0].customJson }
      : null,
  }
}
