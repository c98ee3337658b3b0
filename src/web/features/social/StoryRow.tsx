import { Plus } from 'lucide-react'
import { Link } from 'react-router'

/** The feed's horizontal story row: the own-story tile goes to /camera. */
export function StoryRow() {
  return (
    <div className="flex gap-3 overflow-x-auto border-b border-hairline px-4 py-3" aria-label="Stories">
      <Link to="/camera" className="flex w-16 shrink-0 flex-col items-center gap-1 text-xs" aria-label="Your story">
        <span className="flex size-16 items-center justify-center rounded-full bg-sunken">
          <Plus size={24} strokeWidth={1.75} />
        </span>
        <span className="truncate">Your story</span>
      </Link>
    </div>
  )
}
