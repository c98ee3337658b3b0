import { authFeature } from './auth'
import { platformFeature } from './platform'
import type { Feature } from './types'

/** Every feature of the app, in seeding order. */
export const features: Feature[] = [platformFeature, authFeature]
