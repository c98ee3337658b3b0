import type {
  Activity,
  Conversation,
  ConversationSummary,
  FollowingActivity,
  LiveState,
  Message,
  SearchResults,
  Story,
  StoryRow,
  UserStories,
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

export const fetchStoryRow = () => api<StoryRow>('/stories')
export const fetchUserStories = (handle: string) => api<UserStories>(`/stories/${path(handle)}`)
export const markStoryViewed = (id: string) => api<{ ok: true }>(`/stories/${id}/view`, { method: 'POST' })
export function postStory(file: Blob) {
  const body = new FormData()
  body.append('file', file)
  return api<Story>('/stories', { body })
}

export const fetchConversations = () => api<{ conversations: ConversationSummary[] }>('/messages/conversations').then((r) => r.conversations)
export const fetchConversation = (handle: string, before?: string) => api<Conversation>(`/messages/with/${path(handle)}`, { query: { before } })
export const sendMessage = (handle: string, body: string) => api<Message>(`/messages/with/${path(handle)}`, { body: { body } })
export const markConversationRead = (id: string) => api<{ ok: true }>(`/messages/conversations/${id}/read`, { method: 'POST' })
export const fetchUnreadMessages = () => api<{ count: number }>('/messages/unread').then((r) => r.count)

export const fetchActivity = () => api<Activity>('/activity')
export const fetchFollowingActivity = () => api<FollowingActivity>('/activity/following')
export const fetchUnreadActivity = () => api<{ count: number }>('/activity/unread').then((r) => r.count)
export const markActivityRead = () => api<{ ok: true }>('/activity/read', { method: 'POST' })
/** The profiles feature's follow API. */
export const setFollowing = (username: string, follow: boolean) =>
  api<{ following: boolean; followersCount: number }>(`/profiles/${path(username)}/follow`, { method: follow ? 'PUT' : 'DELETE' })

export const searchAll = (q: string, signal?: AbortSignal) => api<SearchResults>('/search', { query: { q }, signal })
export const fetchRecentSearches = () => api<{ queries: string[] }>('/search/recent').then((r) => r.queries)
export const rememberSearch = (query: string) => api<{ queries: string[] }>('/search/recent', { body: { query } }).then((r) => r.queries)
export const forgetSearches = (query?: string) => api<{ queries: string[] }>('/search/recent', { method: 'DELETE', query: { query } }).then((r) => r.queries)

export const fetchLive = () => api<LiveState>('/live')
export const sendLiveComment = (body: string) => api<{ body: string }>('/live/comments', { body: { body } })
export const sendLiveReaction = (emoji: string) => api<{ ok: true }>('/live/reactions', { body: { emoji } })
/** The posts feature's comment API (Reply on a mention). */
export const postComment = (postId: string, body: string) => api<{ id: string }>(`/posts/${postId}/comments`, { body: { body } })
