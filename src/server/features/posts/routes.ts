import { Hono } from 'hono'
import { z } from 'zod'
import { PageQuerySchema } from '~/shared/api'
import {
  CommentInputSchema,
  CommentPageSchema,
  CommentSchema,
  CreatePostSchema,
  LibraryPhotoSchema,
  LikeStateSchema,
  PhotoListSchema,
  PostPageSchema,
  PostSchema,
  SaveStateSchema,
  UploadedImageSchema,
} from '~/shared/posts/schemas'
import { UsernameParamSchema } from '~/shared/profiles/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { form, json, params, query } from '../../http/validate'
import type { Platform } from '../../platform'
import { fileFromForm } from '../../platform/images'
import { hit } from '../../platform/rate-limit'
import { publicProfile } from '../profiles'
import { publishPostImages, storeDraftImage } from './images'
import { addLibraryPhoto, deleteLibraryPhoto } from './library'
import * as posts from './service'

const PostIdSchema = z.strictObject({ id: z.uuid('Not found.') })
const UploadFormSchema = z.strictObject({ file: z.unknown() })
const tags = ['posts']

/** Per-user write limits (uploads are heavy; comments and posts are spam targets). */
const LIMITS = { upload: [60, 600], post: [30, 600], comment: [60, 300] } as const

export function postRoutes(p: Platform) {
  const { db } = p
  const limit = async (kind: keyof typeof LIMITS, userId: string) => {
    if (p.config.RATE_LIMIT) await hit(db, `${kind}:${userId}`, LIMITS[kind][0], LIMITS[kind][1], 'You are doing that too often. Please wait a few minutes.')
  }
  return new Hono<AppEnv>()
    .get('/feed', describe({ summary: 'The feed: own and followed users first, then everyone; newest first', tags, auth: true, response: PostPageSchema }), query(PageQuerySchema), async (c) => {
      const me = requireUser(c)
      const { cursor, limit } = c.req.valid('query')
      return c.json(await posts.feed(db, me.id, cursor, limit))
    })
    .post('/posts/images', describe({ summary: 'Upload a photo for a post (resized WebP variants, visible only to you until the post is published; deleted after a day if never published)', tags, auth: true, response: UploadedImageSchema }), form(UploadFormSchema), async (c) => {
      const me = requireUser(c)
      await limit('upload', me.id)
      const { buffer } = await fileFromForm(c.req.valid('form'))
      return c.json(await storeDraftImage(p, me.id, buffer), 201)
    })
    .post('/posts', describe({ summary: 'Publish a post: caption and 1-10 of the user’s uploaded photos, in order', tags, auth: true, response: PostSchema }), json(CreatePostSchema), async (c) => {
      const me = requireUser(c)
      await limit('post', me.id)
      const { caption, images } = c.req.valid('json')
      return c.json(await publishPostImages(p, me.id, images, (imageUrls) => posts.createPost(p, me.id, { caption, imageUrls })), 201)
    })
    .get('/posts/saved', describe({ summary: 'The signed-in user’s saved posts', tags, auth: true, response: PostPageSchema }), query(PageQuerySchema), async (c) => {
      const me = requireUser(c)
      const { cursor, limit } = c.req.valid('query')
      return c.json(await posts.savedPosts(db, me.id, cursor, limit))
    })
    .get('/posts/photos', describe({ summary: 'The signed-in user’s photo library: uploaded library photos, then images of their posts', tags, auth: true, response: PhotoListSchema }), async (c) => {
      return c.json(await posts.ownPhotos(p, requireUser(c).id))
    })
    .post('/library/photos', describe({ summary: 'Add a photo to your photo library (kept until you delete it; at most 100)', tags, auth: true, response: LibraryPhotoSchema }), form(UploadFormSchema), async (c) => {
      const me = requireUser(c)
      await limit('upload', me.id)
      const { buffer } = await fileFromForm(c.req.valid('form'))
      return c.json(await addLibraryPhoto(p, me.id, buffer), 201)
    })
    .delete('/library/photos/:id', describe({ summary: 'Delete a photo from your photo library', tags, auth: true }), params(PostIdSchema), async (c) => {
      await deleteLibraryPhoto(p, requireUser(c).id, c.req.valid('param').id)
      return c.body(null, 204)
    })
    .get('/posts/:id', describe({ summary: 'One post', tags, auth: true, response: PostSchema }), params(PostIdSchema), async (c) => {
      const me = requireUser(c)
      return c.json(await posts.getPost(db, me.id, c.req.valid('param').id))
    })
    .delete('/posts/:id', describe({ summary: 'Delete one of your posts', tags, auth: true }), params(PostIdSchema), async (c) => {
      const me = requireUser(c)
      await posts.deletePost(p, me.id, c.req.valid('param').id)
      return c.body(null, 204)
    })
    .put('/posts/:id/like', describe({ summary: 'Like a post', tags, auth: true, response: LikeStateSchema }), params(PostIdSchema), async (c) => {
      const me = requireUser(c)
      return c.json(await posts.setLiked(p, me.id, c.req.valid('param').id, true))
    })
    .delete('/posts/:id/like', describe({ summary: 'Unlike a post', tags, auth: true, response: LikeStateSchema }), params(PostIdSchema), async (c) => {
      const me = requireUser(c)
      return c.json(await posts.setLiked(p, me.id, c.req.valid('param').id, false))
    })
    .put('/posts/:id/save', describe({ summary: 'Save a post to your collection', tags, auth: true, response: SaveStateSchema }), params(PostIdSchema), async (c) => {
      const me = requireUser(c)
      return c.json(await posts.setSaved(db, me.id, c.req.valid('param').id, true))
    })
    .delete('/posts/:id/save', describe({ summary: 'Remove a post from your collection', tags, auth: true, response: SaveStateSchema }), params(PostIdSchema), async (c) => {
      const me = requireUser(c)
      return c.json(await posts.setSaved(db, me.id, c.req.valid('param').id, false))
    })
    .get('/posts/:id/comments', describe({ summary: 'A post’s comments, oldest first', tags, auth: true, response: CommentPageSchema }), params(PostIdSchema), query(PageQuerySchema), async (c) => {
      const me = requireUser(c)
      const { cursor, limit } = c.req.valid('query')
      return c.json(await posts.listComments(db, me.id, c.req.valid('param').id, cursor, limit))
    })
    .post('/posts/:id/comments', describe({ summary: 'Comment on a post', tags, auth: true, response: CommentSchema }), params(PostIdSchema), json(CommentInputSchema), async (c) => {
      const me = requireUser(c)
      await limit('comment', me.id)
      return c.json(await posts.addComment(p, me.id, c.req.valid('param').id, c.req.valid('json').body), 201)
    })
    .delete('/comments/:id', describe({ summary: 'Delete a comment (its author or the post’s author)', tags, auth: true }), params(PostIdSchema), async (c) => {
      const me = requireUser(c)
      await posts.deleteComment(db, me.id, c.req.valid('param').id)
      return c.body(null, 204)
    })
    .get(
      '/profiles/:username/posts',
      describe({ summary: 'A user’s posts, newest first (profile grid)', tags, auth: true, response: PostPageSchema }),
      params(UsernameParamSchema),
      query(PageQuerySchema),
      async (c) => {
        const me = requireUser(c)
        const { cursor, limit } = c.req.valid('query')
        const profile = await publicProfile(db, me.id, c.req.valid('param').username)
        return c.json(await posts.postsOf(db, me.id, profile.user_id, cursor, limit))
      },
    )
    .get(
      '/profiles/:username/tagged',
      describe({ summary: 'Posts that mention the user (profile Tagged tab)', tags, auth: true, response: PostPageSchema }),
      params(UsernameParamSchema),
      query(PageQuerySchema),
      async (c) => {
        const me = requireUser(c)
        const { cursor, limit } = c.req.valid('query')
        const { username } = c.req.valid('param')
        await publicProfile(db, me.id, username) // 404 for an unknown user
        return c.json(await posts.postsTagging(db, me.id, username, cursor, limit))
      },
    )
}
