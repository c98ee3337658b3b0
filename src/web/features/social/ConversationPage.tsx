import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { SendHorizontal } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { Navigate, useParams } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { MESSAGE_MAX_LENGTH, SendMessageSchema } from '~/shared/social/schemas'
import { IconButton } from '../../components/Button'
import { ErrorState, Skeleton } from '../../components/Feedback'
import { Screen, TopBar } from '../../components/Layout'
import { ApiRequestError, errorMessage } from '../../lib/api'
import { cn } from '../../lib/cn'
import { useSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { useForm } from '../../lib/use-form'
import { fetchConversation, markConversationRead, sendMessage, socialKeys } from './api'
import { type ConversationPages as Pages, isPending, pendingMessage, withLiveMessage, withMessage } from './conversation-cache'
import { useUserEvents } from './events'
import { UserAvatar } from '../../components/UserAvatar'

const LIVE_TYPES = ['message'] as const

/** One conversation: read, send (Enter sends), new messages appear live. */
export default function ConversationPage() {
  const { handle = '' } = useParams()
  const { user: me } = useSession()
  const qc = useQueryClient()
  const key = socialKeys.conversation(handle)
  const thread = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchConversation(handle, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    retry: false,
  })
  const first = thread.data?.pages[0]
  const conversationId = first?.id ?? null
  const other = first?.user

  const markRead = () => {
    if (!conversationId) return
    void markConversationRead(conversationId)
      .then(() => qc.invalidateQueries({ queryKey: socialKeys.unreadMessages }))
      .catch(() => {})
  }
  useEffect(markRead, [conversationId]) // eslint-disable-line react-hooks/exhaustive-deps

  useUserEvents(LIVE_TYPES, ({ data: m }) => {
    if (!other || (m.senderId !== other.id && m.senderId !== me?.id)) return
    if (conversationId && m.conversationId !== conversationId) return
    qc.setQueryData<Pages>(key, (d) => withLiveMessage(d, m, me?.id))
    if (m.senderId === other.id) markRead()
  })

  const messages = thread.data ? [...thread.data.pages].reverse().flatMap((p) => p.messages) : []
  const bottom = useRef<HTMLDivElement>(null)
  const lastId = messages.at(-1)?.id
  useLayoutEffect(() => {
    // Block body: browsers may return a promise from scrollIntoView, which must not become the cleanup.
    bottom.current?.scrollIntoView({ block: 'end' })
  }, [lastId])

  if (thread.isError && thread.error instanceof ApiRequestError && thread.error.status === 404) return <Navigate to="/messages" replace />
  return (
    <Screen className="h-dvh">
      <TopBar
        back="/messages"
        title={
          other ? (
            <span className="inline-flex items-center gap-2">
              <UserAvatar user={other} size="sm" />
              {other.username ?? other.name}
            </span>
          ) : undefined
        }
      />
      <div className="flex-1 overflow-y-auto px-3 py-3" aria-live="polite" aria-label="Messages">
        {thread.isPending ? (
          <div aria-hidden className="flex flex-col gap-3">
            {['w-40', 'w-56', 'w-48', 'w-28'].map((w, i) => (
              <Skeleton key={w} className={cn('h-9 rounded-2xl', w, i % 2 ? 'self-end' : 'self-start')} />
            ))}
          </div>
        ) : thread.isError ? (
          <ErrorState message="This conversation could not be loaded." onRetry={() => void thread.refetch()} />
        ) : (
          <>
            {thread.hasNextPage && (
              <button type="button" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage} className="mx-auto mb-3 block min-h-11 px-4 text-sm font-semibold text-muted">
                {thread.isFetchingNextPage ? 'Loading...' : 'Earlier messages'}
              </button>
            )}
            {!messages.length && <p className="py-16 text-center text-sm text-muted">{SM.sayHello}</p>}
            <ol className="flex flex-col gap-1.5">
              {messages.map((m) => (
                <li
                  key={m.id}
                  className={cn(
                    'max-w-[78%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
                    m.senderId === me?.id ? 'self-end bg-rose text-on-accent' : 'self-start bg-sunken text-ink',
                    isPending(m) && 'opacity-60',
                  )}
                >
                  {m.body}
                </li>
              ))}
            </ol>
            <div ref={bottom} />
          </>
        )}
      </div>
      {other && <Composer handle={handle} queryKey={key} myId={me?.id ?? ''} />}
    </Screen>
  )
}

function Composer({ handle, queryKey, myId }: { handle: string; queryKey: readonly unknown[]; myId: string }) {
  const qc = useQueryClient()
  const form = useForm({
    schema: SendMessageSchema,
    initial: { body: '' },
    onInvalid: (fields, { body }) => {
      if (body.trim() && fields.body) toast.error(fields.body)
    },
    // Not awaited: the message shows at once and the next one can be typed while this one is sent.
    onSubmit: ({ body }) => void deliver(body),
  })
  const deliver = async (body: string) => {
    const pending = pendingMessage(myId, body)
    qc.setQueryData<Pages>(queryKey, (d) => withMessage(d, pending))
    form.reset()
    try {
      const sent = await sendMessage(handle, body)
      qc.setQueryData<Pages>(queryKey, (d) => withMessage(d, sent, pending.id))
      void qc.invalidateQueries({ queryKey: socialKeys.conversations })
    } catch (err) {
      qc.setQueryData<Pages>(queryKey, (d) => d && { ...d, pages: d.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => m.id !== pending.id) })) })
      form.set('body', body)
      toast.error(errorMessage(err, 'Your message was not sent. Try again.'))
    }
  }
  return (
    <form onSubmit={form.submit} className="sticky bottom-0 flex items-center gap-2 border-t border-hairline bg-surface px-3 py-2 pb-[calc(8px+env(safe-area-inset-bottom))]">
      <input
        value={form.values.body}
        onChange={(e) => form.set('body', e.target.value)}
        placeholder={SM.messagePlaceholder}
        aria-label="Message"
        maxLength={MESSAGE_MAX_LENGTH}
        className="h-11 min-w-0 flex-1 rounded-full border border-hairline bg-surface px-4 text-base outline-none focus:border-ink"
      />
      <IconButton label={SM.send} type="submit" disabled={!form.values.body.trim()} className="text-rose">
        <SendHorizontal size={24} strokeWidth={1.75} />
      </IconButton>
    </form>
  )
}
