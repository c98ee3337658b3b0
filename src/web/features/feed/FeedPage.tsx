import { Heart, ImageIcon, Send } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '../../components/Feedback'
import { Screen, Wordmark } from '../../components/Layout'

export default function FeedPage() {
  return (
    <Screen tabBar>
      <header className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-hairline bg-surface/95 px-4 backdrop-blur">
        <Wordmark />
        <div className="flex items-center">
          <Link to="/activity" aria-label="Activity" className="flex size-11 items-center justify-center rounded-full hover:bg-sunken">
            <Heart size={24} strokeWidth={1.75} />
          </Link>
          <Link to="/messages" aria-label="Messages" className="flex size-11 items-center justify-center rounded-full hover:bg-sunken">
            <Send size={24} strokeWidth={1.75} />
          </Link>
        </div>
      </header>
      <EmptyState icon={ImageIcon} title="Posts from people you follow will appear here." />
    </Screen>
  )
}
