import { z } from 'zod/mini'
import { FM } from './messages'

export const MAX_POST_IMAGES = 10
/** Widths every uploaded post image is stored at (WebP, 4:5); the card picks one by srcset. */
export const POST_IMAGE_WIDTHS = [360, 720, 1080] as const
export const POST_IMAGE_ASPECT = 4 / 5

export const CreatePostSchema = z.strictObject({
  caption: z._default(z.string().check(z.trim(), z.maxLength(2200, FM.captionTooLong)), ''),
  images: z.array(z.string().check(z.minLength(1), z.maxLength(500))).check(z.minLength(1, FM.chooseAPhoto), z.maxLength(MAX_POST_IMAGES, FM.tooManyPhotos)),
})
export type CreatePostInput = z.input<typeof CreatePostSchema>

export const CommentInputSchema = z.strictObject({
  body: z.string().check(z.trim(), z.minLength(1, FM.commentEmpty), z.maxLength(1000, FM.commentTooLong)),
})

export const PostImageSchema = z.object({ url: z.string(), srcSet: z.nullable(z.string()) })
export type PostImage = z.infer<typeof PostImageSchema>

export const AuthorSchema = z.object({
  userId: z.string(),
  username: z.nullable(z.string()),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  isVerified: z.boolean(),
})
export type Author = z.infer<typeof AuthorSchema>

export const PostSchema = z.object({
  id: z.string(),
  author: AuthorSchema,
  caption: z.string(),
  location: z.nullable(z.string()),
  images: z.array(PostImageSchema),
  likesCount: z.number(),
  commentsCount: z.number(),
  savesCount: z.number(),
  isLiked: z.boolean(),
  isSaved: z.boolean(),
  /** Someone other than the viewer who liked it (a followed user first), for 'Liked by X and N others'. */
  likedBy: z.nullable(z.string()),
  createdAt: z.string(),
})
export type Post = z.infer<typeof PostSchema>

export const PostPageSchema = z.object({ items: z.array(PostSchema), nextCursor: z.nullable(z.string()) })
export type PostPage = z.infer<typeof PostPageSchema>

export const CommentSchema = z.object({ id: z.string(), postId: z.string(), author: AuthorSchema, body: z.string(), createdAt: z.string(), canDelete: z.boolean() })
export type Comment = z.infer<typeof CommentSchema>
export const CommentPageSchema = z.object({ items: z.array(CommentSchema), nextCursor: z.nullable(z.string()) })

export const LikeStateSchema = z.object({ liked: z.boolean(), likesCount: z.number() })
export const SaveStateSchema = z.object({ saved: z.boolean(), savesCount: z.number() })
export const FollowStateSchema = z.object({ following: z.boolean(), followersCount: z.number() })

export const UploadedImageSchema = z.object({ url: z.string(), srcSet: z.nullable(z.string()) })
/** How many photos one user's photo library keeps. */
export const MAX_LIBRARY_PHOTOS = 100
/**
 * A photo in the user's library: an uploaded one (`id` set, deletable, kept until deleted) or an
 * image of one of their posts (`id` null, `postId` set).
 */
export const LibraryPhotoSchema = z.extend(UploadedImageSchema, { id: z.nullable(z.string()), postId: z.nullable(z.string()), createdAt: z.string() })
export type LibraryPhoto = z.infer<typeof LibraryPhotoSchema>
/** `count` of uploaded photos out of `limit`. */
export const PhotoListSchema = z.object({ items: z.array(LibraryPhotoSchema), count: z.number(), limit: z.number() })
export type PhotoList = z.infer<typeof PhotoListSchema>

/**
 * The navigation state the image-options popup hands to /style-studio-generate (spec part 1 §2):
 * `navigate('/style-studio-generate', { state: { outfitItem } })`.
 */
export const OutfitItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  category: z.string(),
  brand: z.string(),
  price: z.nullable(z.number()),
})
export type OutfitItem = z.infer<typeof OutfitItemSchema>
