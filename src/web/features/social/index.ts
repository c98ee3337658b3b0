/** The social feature's public face for other features. */
export { AddToStoryButton } from './AddToStoryButton'
export { useUserEvents } from './events'
export { InboxLinks } from './InboxLinks'
export { setFollowing } from './api'
export { conversationPath, postPath } from './links'
export { StoryRow } from './StoryRow'
