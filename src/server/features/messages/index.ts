import type { Feature } from '../types'
import { messageRoutes } from './routes'
import { seedDemoConversation } from './seed'

export const messagesFeature: Feature = { name: 'messages', routes: messageRoutes, seed: seedDemoConversation }
