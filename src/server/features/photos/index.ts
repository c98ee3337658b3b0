import type { Feature } from '../types'
import { photoJobs } from './jobs'
import { photoRoutes } from './routes'

export const photosFeature: Feature = { name: 'photos', routes: photoRoutes, jobs: photoJobs }

/** What other features may use. */
export { PREPARE_JOB } from './service'
export type { PrepareJob } from './service'
