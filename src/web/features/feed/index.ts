/** The feed feature's public face for other features. */
export { postKeys, usePostPages } from './api'
export { InfiniteSentinel } from './InfiniteSentinel'
export { PostCard } from './PostCard'
