/** Where other features show a person and a product, and where a conversation is (one place to change if routes move). */
export const profilePath = (username: string) => `/u/${encodeURIComponent(username)}`
export const productPath = (productId: string) => `/product/${productId}`
export const conversationPath = (handle: string) => `/messages/${encodeURIComponent(handle)}`
export const postPath = (postId: string) => `/p/${postId}`
