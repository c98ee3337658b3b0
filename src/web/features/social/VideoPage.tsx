import { Heart, Pause, Play, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { VIDEO_LENGTH_SECONDS } from '~/shared/social/schemas'
import { IconButton } from '../../components/Button'
import { cn } from '../../lib/cn'
import '../../components/story-ring.css'

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`

/**
 * /video/{id} (spec part 1 §2, kept as the spec describes it): a sample player with play/pause,
 * a like toggle, follow, and a counter that ticks each second up to 511 s and then stops.
 */
export default function VideoPage() {
  const navigate = useNavigate()
  const [playing, setPlaying] = useState(true)
  const [seconds, setSeconds] = useState(0)
  const [liked, setLiked] = useState(false)
  const [following, setFollowing] = useState(false)
  const ended = seconds >= VIDEO_LENGTH_SECONDS

  useEffect(() => {
    if (!playing || ended) return
    const timer = setInterval(() => setSeconds((s) => Math.min(s + 1, VIDEO_LENGTH_SECONDS)), 1000)
    return () => clearInterval(timer)
  }, [playing, ended])

  return (
    <main className="fixed inset-0 z-40 flex justify-center bg-black">
      <div className="relative flex h-full w-full max-w-[480px] flex-col text-white">
        <div aria-hidden className="story-ring-unviewed absolute inset-0 opacity-60" />
        <header className="relative z-10 flex items-center gap-2 px-3 pt-3">
          <span className="text-sm font-semibold">drape.studio</span>
          <button
            type="button"
            aria-pressed={following}
            onClick={() => setFollowing((f) => !f)}
            className={cn('min-h-11 rounded-full border px-4 text-xs font-semibold', following ? 'border-white/60' : 'border-white bg-white text-black')}
          >
            {following ? SM.following : SM.follow}
          </button>
          <IconButton label="Close" className="ml-auto text-white hover:bg-white/10" onClick={() => navigate('/feed')}>
            <X size={24} strokeWidth={1.75} />
          </IconButton>
        </header>
        <button type="button" aria-label={playing && !ended ? SM.pause : SM.play} onClick={() => setPlaying((p) => !p)} className="relative z-10 flex flex-1 items-center justify-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-black/40">
            {playing && !ended ? <Pause size={32} strokeWidth={1.75} aria-hidden /> : <Play size={32} strokeWidth={1.75} aria-hidden />}
          </span>
        </button>
        <footer className="relative z-10 flex flex-col gap-2 px-3 pb-[calc(16px+env(safe-area-inset-bottom))]">
          <div className="flex items-center gap-3">
            <IconButton label={liked ? 'Unlike' : 'Like'} aria-pressed={liked} onClick={() => setLiked((l) => !l)} className="text-white hover:bg-white/10">
              <Heart size={24} strokeWidth={1.75} className={liked ? 'fill-rose text-rose' : undefined} />
            </IconButton>
            <span className="tabular ml-auto text-sm" aria-label="Elapsed time" data-testid="video-time">
              {clock(seconds)} / {clock(VIDEO_LENGTH_SECONDS)}
            </span>
          </div>
          <div className="h-1 overflow-hidden rounded-full bg-white/30" role="progressbar" aria-label="Playback" aria-valuemin={0} aria-valuemax={VIDEO_LENGTH_SECONDS} aria-valuenow={seconds}>
            <div className="h-full bg-white" style={{ width: `${(seconds / VIDEO_LENGTH_SECONDS) * 100}%` }} />
          </div>
        </footer>
      </div>
    </main>
  )
}
