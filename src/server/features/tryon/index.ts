import type { Feature } from '../types'
import { tryonJobs } from './jobs'
import { tryonRoutes } from './routes'

export const tryonFeature: Feature = { name: 'tryon', routes: tryonRoutes, jobs: tryonJobs }

/** What other features may use. */
export { engineOf, setEngine, warmEngine } from './engine-registry'
