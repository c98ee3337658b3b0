import { z } from 'zod/mini'
import { SM } from './messages'

/** A person as the social screens show them (displayed-name rule of spec part 1 §3 applied). */
export const UserCardSchema = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  isVerified: z.boolean(),
})
export type UserCard = z.infer<typeof UserCardSchema>

// Without zod, so that screens that need only this do not load it (issue #13 first-load budget).
export { handleOf } from './handles'

export const HandleParamSchema = z.strictObject({ handle: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) })

// ---- Stories ----
export const STORY_LIFETIME_HOURS = 24
/** Spec part 1 §9: each story lasts 15 s, the progress bar ticks every 100 ms. */
export const STORY_DURATION_MS = 15_000
export const STORY_TICK_MS = 100

export const StoryRingSchema = z.enum(['live', 'unviewed', 'viewed'])
export type StoryRing = z.infer<typeof StoryRingSchema>

export const StoryRowSchema = z.object({
  me: z.object({ user: UserCardSchema, ring: z.nullable(StoryRingSchema) }),
  entries: z.array(z.object({ user: UserCardSchema, ring: StoryRingSchema })),
})
export type StoryRow = z.infer<typeof StoryRowSchema>

export const StorySchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  isLive: z.boolean(),
  viewed: z.boolean(),
  viewsCount: z.nullable(z.int()),
  createdAt: z.string(),
  expiresAt: z.string(),
})
export type Story = z.infer<typeof StorySchema>

export const UserStoriesSchema = z.object({
  user: UserCardSchema,
  stories: z.array(StorySchema),
  prevHandle: z.nullable(z.string()),
  nextHandle: z.nullable(z.string()),
})
export type UserStories = z.infer<typeof UserStoriesSchema>

// ---- Messages ----
export const MESSAGE_MAX_LENGTH = 2000

export const SendMessageSchema = z.strictObject({
  body: z.string().check(z.trim(), z.minLength(1, SM.emptyMessage), z.maxLength(MESSAGE_MAX_LENGTH, SM.messageTooLong)),
})
export type SendMessageInput = z.infer<typeof SendMessageSchema>

export const MessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
})
export type Message = z.infer<typeof MessageSchema>

export const ConversationSummarySchema = z.object({
  id: z.string(),
  user: z.extend(UserCardSchema, { hasStory: z.boolean() }),
  lastMessage: z.nullable(z.object({ body: z.string(), senderId: z.string(), createdAt: z.string() })),
  unread: z.int(),
})
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>

export const ConversationListSchema = z.object({ conversations: z.array(ConversationSummarySchema) })

export const ConversationSchema = z.object({
  id: z.nullable(z.string()),
  user: UserCardSchema,
  messages: z.array(MessageSchema),
  nextCursor: z.nullable(z.string()),
})
export type Conversation = z.infer<typeof ConversationSchema>

export const MessagePageQuerySchema = z.strictObject({ before: z.optional(z.iso.datetime({ offset: true })) })

export const UnreadCountSchema = z.object({ count: z.int() })

/** The /messages filter (spec: by username or last message, case-insensitive). */
export function matchesConversation(c: ConversationSummary, filter: string) {
  const q = filter.trim().toLowerCase()
  if (!q) return true
  return [c.user.username ?? '', c.user.name, c.lastMessage?.body ?? ''].some((s) => s.toLowerCase().includes(q))
}

// ---- Activity ----
export const ActivityTabSchema = z.enum(['you', 'following'])
export const ActivityGroupIdSchema = z.enum(['new', 'today', 'this_week', 'this_month'])
export type ActivityGroupId = z.infer<typeof ActivityGroupIdSchema>
export const ACTIVITY_GROUP_LABELS: Record<ActivityGroupId, string> = {
  new: SM.groupNew,
  today: SM.groupToday,
  this_week: SM.groupThisWeek,
  this_month: SM.groupThisMonth,
}

const PostThumbSchema = z.object({ id: z.string(), imageUrl: z.nullable(z.string()) })

export const ActivityItemSchema = z.object({
  id: z.string(),
  type: z.enum(['like', 'like_multiple', 'comment', 'mention', 'follow']),
  users: z.array(UserCardSchema),
  othersCount: z.int(),
  post: z.nullable(PostThumbSchema),
  content: z.nullable(z.string()),
  createdAt: z.string(),
  /** For follow items: whether I follow the actor back (Follow or Message button). */
  isFollowing: z.nullable(z.boolean()),
})
export type ActivityItem = z.infer<typeof ActivityItemSchema>

export const ActivitySchema = z.object({
  groups: z.array(z.object({ id: ActivityGroupIdSchema, items: z.array(ActivityItemSchema) })),
})
export type Activity = z.infer<typeof ActivitySchema>

export const FollowingActivitySchema = z.object({
  items: z.array(z.object({ id: z.string(), user: UserCardSchema, postsCount: z.int(), photos: z.array(PostThumbSchema), createdAt: z.string() })),
})
export type FollowingActivity = z.infer<typeof FollowingActivitySchema>

// ---- Search ----
export const SEARCH_MAX_LENGTH = 100
const searchText = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(SEARCH_MAX_LENGTH))
export const SearchQuerySchema = z.strictObject({ q: searchText() })
export const RecentSearchSchema = z.strictObject({ query: searchText() })

export const SearchResultsSchema = z.object({
  people: z.array(UserCardSchema),
  products: z.array(z.object({ id: z.string(), name: z.string(), brand: z.string(), price: z.number(), imageUrl: z.string() })),
  posts: z.array(z.object({ id: z.string(), caption: z.string(), imageUrl: z.nullable(z.string()), user: UserCardSchema })),
})
export type SearchResults = z.infer<typeof SearchResultsSchema>
export const RecentSearchesSchema = z.object({ queries: z.array(z.string()) })

// ---- Live ----
export const LIVE_EMOJI = ['❤️', '🔥', '😍', '👏', '😂'] as const
/** Spec part 1 §9: an emoji reaction floats for 3 s. */
export const LIVE_EMOJI_FLOAT_MS = 3000
export const LIVE_COMMENT_MAX_LENGTH = 200
export const LiveCommentSchema = z.strictObject({ body: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIVE_COMMENT_MAX_LENGTH)) })
export const LiveReactionSchema = z.strictObject({ emoji: z.enum(LIVE_EMOJI) })
export const LiveCommentEventSchema = z.object({ id: z.string(), user: UserCardSchema, body: z.string(), createdAt: z.string() })
export type LiveComment = z.infer<typeof LiveCommentEventSchema>
/** The answer to a live comment: the text as it was sent (trimmed). */
export const LiveCommentSentSchema = z.pick(LiveCommentEventSchema, { body: true })
export const LiveStateSchema = z.object({ host: z.nullable(UserCardSchema), imageUrl: z.nullable(z.string()), viewers: z.int() })
export type LiveState = z.infer<typeof LiveStateSchema>

// ---- Video ----
/** Spec part 1 §9: the sample video is 511 s long; the counter stops there. */
export const VIDEO_LENGTH_SECONDS = 511
