import { Heart, Send } from 'lucide-react'
import { Link } from 'react-router'

/** The feed header's activity and messages buttons. */
export function InboxLinks() {
  return (
    <div className="flex items-center">
      <Link to="/activity" aria-label="Activity" className="flex size-11 items-center justify-center rounded-full hover:bg-sunken">
        <Heart size={24} strokeWidth={1.75} />
      </Link>
      <Link to="/messages" aria-label="Messages" className="flex size-11 items-center justify-center rounded-full hover:bg-sunken">
        <Send size={24} strokeWidth={1.75} />
      </Link>
    </div>
  )
}
