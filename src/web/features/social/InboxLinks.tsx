import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Heart, Send } from 'lucide-react'
import { Link } from '../../lib/router'
import { fetchUnreadActivity, fetchUnreadMessages, socialKeys } from './api'
import { useUserEvents } from './events'

const LIVE_TYPES = ['message', 'messages_read', 'notification'] as const

/** The feed header's activity and messages buttons, with a dot for new activity and the unread-messages count. */
export function InboxLinks() {
  const qc = useQueryClient()
  const messages = useQuery({ queryKey: socialKeys.unreadMessages, queryFn: fetchUnreadMessages })
  const activity = useQuery({ queryKey: socialKeys.unreadActivity, queryFn: fetchUnreadActivity })
  useUserEvents(LIVE_TYPES, ({ type }) => {
    void qc.invalidateQueries({ queryKey: type === 'notification' ? socialKeys.unreadActivity : socialKeys.unreadMessages })
  })
  const unread = messages.data ?? 0
  const newActivity = (activity.data ?? 0) > 0
  return (
    <div className="flex items-center">
      <Link to="/activity" aria-label={newActivity ? 'Activity, new' : 'Activity'} className="relative flex size-11 items-center justify-center rounded-full hover:bg-sunken">
        <Heart size={24} strokeWidth={1.75} aria-hidden />
        {newActivity && <span aria-hidden className="absolute top-2.5 right-2.5 size-2 rounded-full bg-rose" />}
      </Link>
      <Link to="/messages" aria-label={unread ? `Messages, ${unread} unread` : 'Messages'} className="relative flex size-11 items-center justify-center rounded-full hover:bg-sunken">
        <Send size={24} strokeWidth={1.75} aria-hidden />
        {unread > 0 && (
          <span aria-hidden data-testid="unread-messages" className="tabular absolute top-1 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-rose px-1 text-[11px] font-semibold text-on-accent">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Link>
    </div>
  )
}
