import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Eye, Send, X } from 'lucide-react'
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { Navigate, useNavigate, useParams } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { handleOf, type UserStories } from '~/shared/social/schemas'
import { IconButton } from '../../components/Button'
import { ErrorState, Skeleton } from '../../components/Feedback'
import { ApiRequestError } from '../../lib/api'
import { AddToStoryButton } from './AddToStoryButton'
import { fetchUserStories, markStoryViewed, socialKeys } from './api'
import { timeAgo } from '~/shared/posts/format'
import { UserAvatar } from '../../components/UserAvatar'
import { useStoryClock } from './use-story-clock'

/** A press shorter than this is a tap (previous / next); longer is a hold (pause). */
const TAP_MS = 250

export default function StoryViewerPage() {
  const { userId: handle = '' } = useParams()
  const q = useQuery({ queryKey: socialKeys.userStories(handle), queryFn: () => fetchUserStories(handle), staleTime: 0, retry: false })
  if (q.isError && q.error instanceof ApiRequestError && q.error.status === 404) return <Navigate to="/feed" replace />
  return (
    <main className="fixed inset-0 z-40 flex justify-center bg-black">
      <div className="relative flex h-full w-full max-w-[480px] flex-col text-white">
        {q.isPending ? (
          <Skeleton className="m-2 h-full rounded-card bg-white/10" />
        ) : q.isError ? (
          <div className="m-auto rounded-card bg-surface text-ink">
            <ErrorState message="This story could not be loaded." onRetry={() => void q.refetch()} />
          </div>
        ) : (
          <StoryPlayer key={handle} data={q.data} />
        )}
      </div>
    </main>
  )
}

/**
 * Plays one user's stories (spec part 1 §2): 15 s each with a progress bar per story; after the
 * last one the next user's stories follow, after the last user /feed. Tap left: previous story
 * (or /feed on the first); tap right: next; hold: pause.
 */
function StoryPlayer({ data }: { data: UserStories }) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const [index, setIndex] = useState(() => Math.max(0, data.stories.findIndex((s) => !s.viewed)))
  const [held, setHeld] = useState(false)
  const pressedAt = useRef(0)
  const story = data.stories[index]!
  const own = story.viewsCount !== null

  const leave = (to: string) => {
    void qc.invalidateQueries({ queryKey: socialKeys.storyRow })
    navigate(to, { replace: true })
  }
  const next = () => {
    if (index < data.stories.length - 1) setIndex(index + 1)
    else leave(data.nextHandle ? `/story/${encodeURIComponent(data.nextHandle)}` : '/feed')
  }
  const previous = () => (index > 0 ? setIndex(index - 1) : leave('/feed'))
  const progress = useStoryClock(story.id, held, next)

  useEffect(() => {
    if (!story.viewed) void markStoryViewed(story.id).catch(() => {})
  }, [story.id, story.viewed])

  // Keyboard: arrows step like taps, Escape closes.
  const keys = useRef({ next, previous, leave })
  useEffect(() => {
    keys.current = { next, previous, leave }
  })
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') keys.current.next()
      else if (e.key === 'ArrowLeft') keys.current.previous()
      else if (e.key === 'Escape') keys.current.leave('/feed')
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return
    pressedAt.current = Date.now()
    setHeld(true)
  }
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    setHeld(false)
    if (Date.now() - pressedAt.current >= TAP_MS) return
    const box = e.currentTarget.getBoundingClientRect()
    if (e.clientX - box.left < box.width / 2) previous()
    else next()
  }

  return (
    <>
      <img src={story.imageUrl} alt={`Story by ${data.user.username ?? data.user.name}`} className="absolute inset-0 h-full w-full object-cover" draggable={false} />
      <div className="absolute inset-x-0 top-0 h-28 bg-gradient-to-b from-black/50 to-transparent" aria-hidden />
      <div className="relative z-10 flex gap-1 px-2 pt-2">
        {data.stories.map((s, i) => (
          <div
            key={s.id}
            role="progressbar"
            aria-label={`Story ${i + 1} of ${data.stories.length}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((i < index ? 1 : i === index ? progress : 0) * 100)}
            className="h-0.5 flex-1 overflow-hidden rounded-full bg-white/40"
          >
            <div className="h-full bg-white" style={{ width: `${(i < index ? 1 : i === index ? progress : 0) * 100}%` }} />
          </div>
        ))}
      </div>
      <header className="relative z-10 flex items-center gap-2 px-3 pt-2">
        <UserAvatar user={data.user} size="sm" />
        <span className="text-sm font-semibold">{data.user.username ?? data.user.name}</span>
        <span className="text-sm text-white/70">{timeAgo(story.createdAt)}</span>
        {held && <span className="sr-only">Paused</span>}
        <IconButton label="Close" className="ml-auto text-white hover:bg-white/10" onClick={() => leave('/feed')}>
          <X size={24} strokeWidth={1.75} />
        </IconButton>
      </header>
      <div
        data-testid="story-surface"
        className="relative z-0 flex-1 touch-none select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setHeld(false)}
        onPointerLeave={() => setHeld(false)}
        onContextMenu={(e) => e.preventDefault()}
      />
      <footer className="relative z-10 flex items-center justify-center gap-3 px-4 pt-2 pb-[calc(16px+env(safe-area-inset-bottom))]">
        {own ? (
          <>
            <span className="flex items-center gap-1.5 text-sm">
              <Eye size={18} strokeWidth={1.75} aria-hidden />
              Seen by {story.viewsCount ?? 0}
            </span>
            <AddToStoryButton className="ml-auto border border-white/60 bg-black/30 backdrop-blur" onAdded={() => void qc.invalidateQueries({ queryKey: socialKeys.userStories(handleOf(data.user)) })} />
          </>
        ) : (
          <button
            type="button"
            onClick={() => navigate('/messages', { state: { compose: handleOf(data.user) } })}
            className="flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-white/60 bg-black/30 px-5 text-sm font-semibold backdrop-blur"
          >
            <Send size={20} strokeWidth={1.75} aria-hidden />
            {SM.sendMessage}
          </button>
        )}
      </footer>
    </>
  )
}
