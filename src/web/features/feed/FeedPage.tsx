import { ImageIcon } from 'lucide-react'
import { EmptyState } from '../../components/Feedback'
import { Screen, Wordmark } from '../../components/Layout'
import { InboxLinks } from '../social/InboxLinks'
import { StoryRow } from '../social/StoryRow'

export default function FeedPage() {
  return (
    <Screen tabBar>
      <header className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-hairline bg-surface/95 px-4 backdrop-blur">
        <Wordmark />
        <InboxLinks />
      </header>
      <StoryRow />
      <EmptyState icon={ImageIcon} title="Posts from people you follow will appear here." />
    </Screen>
  )
}
