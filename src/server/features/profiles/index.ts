import type { Feature } from '../types'
import { profileRoutes } from './routes'
import { seedDemoProfiles } from './seed'

export const profilesFeature: Feature = { name: 'profiles', routes: profileRoutes, seed: seedDemoProfiles }
