import type { Feature } from '../types'
import { postRoutes } from './routes'
import { seedDemoPosts } from './seed'

export const postsFeature: Feature = { name: 'posts', routes: postRoutes, seed: seedDemoPosts }

/** What other features may use. */
export { avatarSvg, renderArtwork } from './artwork'
export { storePostImage } from './images'
export { createPost } from './service'
