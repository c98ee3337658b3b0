import { z } from 'zod/mini'
import { LiveCommentEventSchema, LiveReactionSchema, MessageSchema } from './social/schemas'
import { GenerationEventSchema } from './tryon/schemas'

/** The live updates of one signed-in user (`GET /api/events`), one member per event type. */
export const UserEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), data: MessageSchema }),
  z.object({ type: z.literal('messages_read'), data: z.object({ conversationId: z.string() }) }),
  z.object({ type: z.literal('notification'), data: z.object({ id: z.string(), type: z.string() }) }),
  z.object({ type: z.literal('story'), data: z.object({ userId: z.string() }) }),
  z.object({ type: z.literal('generation'), data: GenerationEventSchema }),
])
export type UserEvent = z.infer<typeof UserEventSchema>

/** The events of the live broadcast room (`GET /api/live/events`), sent to everyone watching. */
export const LiveRoomEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('viewers'), data: z.object({ viewers: z.int() }) }),
  z.object({ type: z.literal('comment'), data: LiveCommentEventSchema }),
  z.object({ type: z.literal('reaction'), data: z.extend(LiveReactionSchema, { id: z.string() }) }),
])
export type LiveRoomEvent = z.infer<typeof LiveRoomEventSchema>
