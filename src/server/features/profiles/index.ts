import type { Feature } from '../types'
import { profileRoutes } from './routes'
import { seedDemoProfiles } from './seed'

export const profilesFeature: Feature = { name: 'profiles', routes: profileRoutes, seed: seedDemoProfiles }

/** What other features may use. */
export { getBodyMeasurements } from './measurements'
export type { BodyMeasurementsCm } from './measurements'
export { resolveHandle, toCard, userCard, userCards } from './people'
export type { CardRow } from './people'
export { ensureProfile, movePostsCount, publicProfile } from './service'
