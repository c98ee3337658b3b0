/** Where other features show a person, a post and a product (one place to change if their routes move). */
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`
export const postPath = (postId: string) => `/post/${postId}`
export const productPath = (productId: string) => `/product/${productId}`
export const conversationPath = (handle: string) => `/messages/${encodeURIComponent(handle)}`
