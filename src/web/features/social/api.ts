import { OkSchema } from '~/shared/api'
import { CommentSchema, FollowStateSchema } from '~/shared/posts/schemas'
import {
  ActivitySchema,
  ConversationListSchema,
  ConversationSchema,
  FollowingActivitySchema,
  LiveCommentSentSchema,
  LiveStateSchema,
  MessageSchema,
  RecentSearchesSchema,
  SearchResultsSchema,
  StoryRowSchema,
  StorySchema,
  UnreadCountSchema,
  UserStoriesSchema,
} from '~/shared/social/schemas'
import { api } from '../../lib/api'

/** Query keys of the social screens, so that live events can refresh exactly what changed. */
export const socialKeys = {
  storyRow: ['stories', 'row'] as const,
  userStories: (handle: string) => ['stories', 'user', handle] as const,
  conversations: ['messages', 'conversations'] as const,
  conversation: (handle: string) => ['messages', 'with', handle] as const,
  unreadMessages: ['messages', 'unread'] as const,
  activity: ['activity', 'you'] as const,
  followingActivity: ['activity', 'following'] as const,
  unreadActivity: ['activity', 'unread'] as const,
  search: (q: string) => ['search', q] as const,
  recentSearches: ['search', 'recent'] as const,
  live: ['live'] as const,
}

const path = (handle: string) => encodeURIComponent(handle)

export const fetchStoryRow = () => api('/stories', { schema: StoryRowSchema })
export const fetchUserStories = (handle: string) => api(`/stories/${path(handle)}`, { schema: UserStoriesSchema })
export const markStoryViewed = (id: string) => api(`/stories/${id}/view`, { method: 'POST', schema: OkSchema })
export function postStory(file: Blob) {
  const body = new FormData()
  body.append('file', file)
  return api('/stories', { body, schema: StorySchema })
}

export const fetchConversations = () => api('/messages/conversations', { schema: ConversationListSchema }).then((r) => r.conversations)
export const fetchConversation = (handle: string, before?: string) => api(`/messages/with/${path(handle)}`, { query: { before }, schema: ConversationSchema })
export const sendMessage = (handle: string, body: string) => api(`/messages/with/${path(handle)}`, { body: { body }, schema: MessageSchema })
export const markConversationRead = (id: string) => api(`/messages/conversations/${id}/read`, { method: 'POST', schema: OkSchema })
export const fetchUnreadMessages = () => api('/messages/unread', { schema: UnreadCountSchema }).then((r) => r.count)

export const fetchActivity = () => api('/activity', { schema: ActivitySchema })
export const fetchFollowingActivity = () => api('/activity/following', { schema: FollowingActivitySchema })
export const fetchUnreadActivity = () => api('/activity/unread', { schema: UnreadCountSchema }).then((r) => r.count)
export const markActivityRead = () => api('/activity/read', { method: 'POST', schema: OkSchema })
/** The profiles feature's follow API. */
export const setFollowing = (username: string, follow: boolean) =>
  api(`/profiles/${path(username)}/follow`, { method: follow ? 'PUT' : 'DELETE', schema: FollowStateSchema })

export const searchAll = (q: string, signal?: AbortSignal) => api('/search', { query: { q }, signal, schema: SearchResultsSchema })
export const fetchRecentSearches = () => api('/search/recent', { schema: RecentSearchesSchema }).then((r) => r.queries)
export const rememberSearch = (query: string) => api('/search/recent', { body: { query }, schema: RecentSearchesSchema }).then((r) => r.queries)
export const forgetSearches = (query?: string) => api('/search/recent', { method: 'DELETE', query: { query }, schema: RecentSearchesSchema }).then((r) => r.queries)

export const fetchLive = () => api('/live', { schema: LiveStateSchema })
export const sendLiveComment = (body: string) => api('/live/comments', { body: { body }, schema: LiveCommentSentSchema })
export const sendLiveReaction = (emoji: string) => api('/live/reactions', { body: { emoji }, schema: OkSchema })
/** The posts feature's comment API (Reply on a mention). */
export const postComment = (postId: string, body: string) => api(`/posts/${postId}/comments`, { body: { body }, schema: CommentSchema })
