import type { Feature } from '../types'
import { likeRoutes } from './routes'
import { seedDemoLikes } from './seed'

export const likesFeature: Feature = { name: 'likes', routes: likeRoutes, seed: seedDemoLikes }

/** What other features may use. */
export { likedProducts } from './service'
