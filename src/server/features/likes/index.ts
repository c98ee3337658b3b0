import type { Feature } from '../types'
import { likeRoutes } from './routes'

export const likesFeature: Feature = { name: 'likes', routes: likeRoutes }
