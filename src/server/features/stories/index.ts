import type { Feature } from '../types'
import { storyRoutes } from './routes'
import { seedDemoStories } from './seed'

export const storiesFeature: Feature = { name: 'stories', routes: storyRoutes, seed: seedDemoStories }

/** What other features may use. */
export { storyIdFromKey, storyIsActive } from './service'
