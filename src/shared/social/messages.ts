/** Texts of the social screens (spec part 1 §2). Quoted ones are verbatim; the rest follow their tone. */
export const SM = {
  // /activity
  activityTitle: 'Activity',
  tabFollowing: 'Following',
  tabYou: 'You',
  followRequests: 'Follow Requests',
  followRequestsHint: 'Your account is public, so people follow you right away.',
  groupNew: 'New',
  groupToday: 'Today',
  groupThisWeek: 'This Week',
  groupThisMonth: 'This Month',
  follow: 'Follow',
  following: 'Following',
  message: 'Message',
  reply: 'Reply',
  noActivity: 'When people like, comment on or mention your posts, or follow you, you will see it here.',
  noFriendsActivity: 'Likes from people you follow will appear here.',

  // /messages
  messagesTitle: 'Messages',
  searchConversations: 'Search',
  noConversations: 'No messages yet. Tap New message to write to someone, or use Message on their profile.',
  newMessage: 'New message',
  findPerson: 'Search people',
  findPersonHint: 'Type a name or username.',
  noPeopleFound: 'No one matches that name.',
  noConversationMatches: 'No conversations match your search.',
  messagePlaceholder: 'Message...',
  send: 'Send',
  sayHello: 'Say hello to start the conversation.',
  messageTooLong: 'Messages can be at most 2000 characters.',
  emptyMessage: 'Write a message first.',

  // Stories
  yourStory: 'Your story',
  sendMessage: 'Send Message',
  storyShared: 'Added to your story.',
  addToStory: 'Add to your story',

  // /search (spec: placeholder 'Search', hint 'Search results will appear here')
  searchPlaceholder: 'Search',
  searchResultsHint: 'Search results will appear here',
  recentSearches: 'Recent',
  clearRecent: 'Clear all',
  noResults: 'No results for',
  people: 'People',
  products: 'Products',
  posts: 'Posts',

  // /live
  live: 'LIVE',
  addComment: 'Add a comment...',
  requestToJoin: 'Request to join',
  requestToJoinHint: 'wants viewers to join the live video.',
  request: 'Request',
  requestSent: 'Request sent.',

  // /video
  play: 'Play',
  pause: 'Pause',
} as const
