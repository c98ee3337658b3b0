import { POST_IMAGE_WIDTHS } from './schemas'

type PostImageWidth = (typeof POST_IMAGE_WIDTHS)[number]

/** An uploaded post or library image is stored at each of POST_IMAGE_WIDTHS as `…-w{width}.webp`. */
const STORED_VARIANT = /^(\/api\/files\/(?:posts|post-drafts|library)\/[\w-]+\/[\w-]+)-w\d+\.webp$/

/** The stored `width` variant of an uploaded post image's URL; any other URL as it is. */
export const postImageAt = (url: string, width: PostImageWidth) => url.replace(STORED_VARIANT, `$1-w${width}.webp`)

/** The variant a grid or library tile shows (a third of the column). */
export const postThumbnail = (url: string) => postImageAt(url, POST_IMAGE_WIDTHS[0])
