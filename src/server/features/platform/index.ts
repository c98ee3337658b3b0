import type { Feature } from '../types'
import { platformJobs } from './jobs'
import { platformRoutes } from './routes'

export const platformFeature: Feature = { name: 'platform', routes: platformRoutes, jobs: platformJobs }

/** What other features may use. */
export { fileAccess } from './file-access'
export { readStoredFile } from './stored-file'
