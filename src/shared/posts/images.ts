/** The `sizes` of a post's image: the whole column, at most 480 px (the feed, a post, the first-screen preload). */
export const POST_IMAGE_SIZES = '(max-width: 480px) 100vw, 480px'
