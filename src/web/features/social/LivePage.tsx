import { useQuery } from '@tanstack/react-query'
import { Eye, X } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { LiveRoomEventSchema } from '~/shared/events'
import { LIVE_COMMENT_MAX_LENGTH, LIVE_EMOJI, LIVE_EMOJI_FLOAT_MS, LiveCommentSchema, type LiveComment } from '~/shared/social/schemas'
import { IconButton } from '../../components/Button'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { useForm } from '../../lib/use-form'
import { EMOJI_FONT_STACK, useEmojiFont } from '../../lib/emoji-font'
import { fetchLive, sendLiveComment, sendLiveReaction, socialKeys } from './api'
import { useEventStream } from './events'
import { UserAvatar } from '../../components/UserAvatar'

const COMMENTS_KEPT = 30
const LIVE_TYPES = ['comment', 'reaction', 'viewers'] as const

type Floating = { id: string; emoji: string; left: number }

/**
 * /live (spec part 1 §2): LIVE badge, viewer count, emoji that float for 3 s, Enter sends a
 * comment, a request-to-join banner that goes away on Request, Close to /feed. Comments and
 * reactions reach everyone on the page live.
 */
export default function LivePage() {
  useEmojiFont()
  const navigate = useNavigate()
  const state = useQuery({ queryKey: socialKeys.live, queryFn: fetchLive, staleTime: 0 })
  const [viewers, setViewers] = useState<number | null>(null)
  const [comments, setComments] = useState<LiveComment[]>([])
  const [floating, setFloating] = useState<Floating[]>([])
  const [requested, setRequested] = useState(false)

  useEventStream('/api/live/events', LiveRoomEventSchema, LIVE_TYPES, (event) => {
    if (event.type === 'viewers') setViewers(event.data.viewers)
    if (event.type === 'comment') setComments((cs) => [...cs, event.data].slice(-COMMENTS_KEPT))
    if (event.type === 'reaction') {
      const r = event.data
      setFloating((fs) => [...fs, { id: r.id, emoji: r.emoji, left: 10 + Math.random() * 40 }])
      setTimeout(() => setFloating((fs) => fs.filter((f) => f.id !== r.id)), LIVE_EMOJI_FLOAT_MS)
    }
  })

  const form = useForm({
    schema: LiveCommentSchema,
    initial: { body: '' },
    // Not awaited: the field clears at once and the next comment can be typed while this one is sent.
    onSubmit: ({ body }) => void deliver(body),
  })
  const deliver = async (body: string) => {
    form.reset()
    try {
      await sendLiveComment(body)
    } catch (err) {
      form.set('body', body)
      toast.error(errorMessage(err, 'Your comment was not sent.'))
    }
  }
  const react = (emoji: string) => void sendLiveReaction(emoji).catch((err: unknown) => toast.error(errorMessage(err, 'Could not send that.')))
  const host = state.data?.host
  const count = viewers ?? state.data?.viewers ?? 0

  return (
    <main className="fixed inset-0 z-40 flex justify-center bg-ink">
      <div className="relative flex h-full w-full max-w-[480px] flex-col overflow-hidden text-white">
        {state.data?.imageUrl ? (
          <img src={state.data.imageUrl} alt="" className="absolute inset-0 size-full object-cover" />
        ) : (
          <div aria-hidden className="story-ring-live absolute inset-0 opacity-70" />
        )}
        <div aria-hidden className="absolute inset-0 bg-gradient-to-b from-black/40 via-transparent to-black/60" />

        <header className="relative z-10 flex items-center gap-2 px-3 pt-3">
          {host && <UserAvatar user={host} size="sm" />}
          <span className="truncate text-sm font-semibold">{host ? (host.username ?? host.name) : 'Drape Live'}</span>
          <span className="rounded-sm bg-rose px-1.5 py-0.5 text-xs font-semibold tracking-wide text-on-accent">{SM.live}</span>
          <span className="tabular flex items-center gap-1 rounded-sm bg-black/40 px-1.5 py-0.5 text-xs" aria-label={`${count} watching`}>
            <Eye size={14} strokeWidth={1.75} aria-hidden />
            {count}
          </span>
          <IconButton label="Close" className="ml-auto text-white hover:bg-white/10" onClick={() => navigate('/feed')}>
            <X size={24} strokeWidth={1.75} />
          </IconButton>
        </header>

        {!requested && (
          <div role="region" aria-label={SM.requestToJoin} className="relative z-10 mx-3 mt-3 flex items-center gap-3 rounded-card bg-black/50 p-3 backdrop-blur">
            <p className="flex-1 text-sm">
              <span className="font-semibold">{SM.requestToJoin}</span>
              <span className="block text-white/80">
                {host ? (host.username ?? host.name) : 'The host'} {SM.requestToJoinHint}
              </span>
            </p>
            <button
              type="button"
              className="min-h-11 rounded-full bg-white px-4 text-sm font-semibold text-black"
              onClick={() => {
                setRequested(true)
                toast.success(SM.requestSent)
              }}
            >
              {SM.request}
            </button>
          </div>
        )}

        <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-28 z-10 h-72">
          {floating.map((f) => (
            <span key={f.id} data-testid="floating-emoji" className="absolute bottom-0 animate-float-up text-3xl" style={{ right: `${f.left}%`, fontFamily: EMOJI_FONT_STACK }}>
              {f.emoji}
            </span>
          ))}
        </div>

        <ol aria-label="Live comments" aria-live="polite" className="relative z-10 mt-auto flex max-h-[40%] flex-col gap-2 overflow-y-auto px-3 pb-2 [mask-image:linear-gradient(to_bottom,transparent,black_20%)]">
          {comments.map((c) => (
            <li key={c.id} className="flex items-start gap-2 text-sm">
              <UserAvatar user={c.user} size="sm" />
              <p>
                <span className="font-semibold">{c.user.username ?? c.user.name}</span> <span className="break-words">{c.body}</span>
              </p>
            </li>
          ))}
        </ol>

        <div className="relative z-10 flex gap-1 px-3">
          {LIVE_EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              aria-label={`React ${e}`}
              onClick={() => react(e)}
              className="flex size-11 items-center justify-center rounded-full text-2xl active:scale-90"
              style={{ fontFamily: EMOJI_FONT_STACK }}
            >
              {e}
            </button>
          ))}
        </div>
        <form onSubmit={form.submit} className="relative z-10 px-3 pt-1 pb-[calc(12px+env(safe-area-inset-bottom))]">
          <input
            value={form.values.body}
            onChange={(e) => form.set('body', e.target.value)}
            placeholder={SM.addComment}
            aria-label="Comment"
            maxLength={LIVE_COMMENT_MAX_LENGTH}
            enterKeyHint="send"
            className="h-11 w-full rounded-full border border-white/50 bg-black/30 px-4 text-base text-white outline-none placeholder:text-white/70 focus:border-white"
          />
        </form>
      </div>
    </main>
  )
}
