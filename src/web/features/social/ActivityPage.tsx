import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Heart, UserPlus, Users } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Link, useNavigate } from '../../lib/router'
import { CommentInputSchema } from '~/shared/posts/schemas'
import { SM } from '~/shared/social/messages'
import { ACTIVITY_GROUP_LABELS, handleOf, type Activity, type ActivityItem, type UserCard } from '~/shared/social/schemas'
import { Button } from '../../components/Button'
import { Tabs } from '../../components/Choice'
import { EmptyState, ErrorState, Skeleton } from '../../components/Feedback'
import { PersonRowSkeleton } from '../../components/PersonRowSkeleton'
import { TopBar } from '../../components/Layout'
import { TabScreen } from '../../components/TabBar'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { useForm } from '../../lib/use-form'
import { fetchActivity, fetchFollowingActivity, markActivityRead, postComment, setFollowing, socialKeys } from './api'
import { useUserEvents } from './events'
import { conversationPath, postPath, profilePath } from './links'
import { timeAgo } from '~/shared/posts/format'
import { UserAvatar } from '../../components/UserAvatar'

type Tab = 'following' | 'you'
const TABS = [
  { id: 'following', label: SM.tabFollowing },
  { id: 'you', label: SM.tabYou },
] as const
const LIVE_TYPES = ['notification'] as const

/** /activity (spec part 1 §2): tabs Following and You (default You). */
export default function ActivityPage() {
  const [tab, setTab] = useState<Tab>('you')
  return (
    <TabScreen>
      <TopBar title={SM.activityTitle} back="/feed" />
      <Tabs label="Activity" tabs={TABS} value={tab} onChange={setTab} />
      <div role="tabpanel" aria-label={tab === 'you' ? SM.tabYou : SM.tabFollowing}>
        {tab === 'you' ? <YouTab /> : <FollowingTab />}
      </div>
    </TabScreen>
  )
}

function ListSkeleton() {
  return (
    <ul aria-hidden className="flex flex-col gap-4 px-4 py-4">
      {Array.from({ length: 7 }, (_, i) => (
        <PersonRowSkeleton key={i} as="li" avatar="size-11" lines={['h-3.5 flex-1']} end={<Skeleton className="size-11 rounded-md" />} />
      ))}
    </ul>
  )
}

function YouTab() {
  const qc = useQueryClient()
  const activity = useQuery({ queryKey: socialKeys.activity, queryFn: fetchActivity, staleTime: 0 })
  useUserEvents(LIVE_TYPES, () => void qc.invalidateQueries({ queryKey: socialKeys.activity }))
  const hasNew = Boolean(activity.data?.groups.some((g) => g.id === 'new'))
  useEffect(() => {
    // Seen now: next time these leave New. The badge on the feed clears at once.
    if (hasNew) void markActivityRead().then(() => qc.setQueryData(socialKeys.unreadActivity, 0)).catch(() => {})
  }, [hasNew, activity.dataUpdatedAt, qc])

  return (
    <>
      <div className="flex min-h-16 items-center gap-3 border-b border-hairline px-4 py-2">
        <span className="flex size-11 items-center justify-center rounded-full bg-sunken text-muted">
          <UserPlus size={22} strokeWidth={1.75} aria-hidden />
        </span>
        <div>
          <h2 className="text-sm font-semibold">{SM.followRequests}</h2>
          <p className="text-xs text-muted">{SM.followRequestsHint}</p>
        </div>
      </div>
      {activity.isPending ? (
        <ListSkeleton />
      ) : activity.isError ? (
        <ErrorState message="Your activity could not be loaded." onRetry={() => void activity.refetch()} />
      ) : !activity.data.groups.length ? (
        <EmptyState icon={Heart} title={SM.noActivity} />
      ) : (
        activity.data.groups.map((g) => (
          <section key={g.id} aria-label={ACTIVITY_GROUP_LABELS[g.id]} className="border-b border-hairline py-2">
            <h2 className="px-4 py-2 text-base font-semibold">{ACTIVITY_GROUP_LABELS[g.id]}</h2>
            <ul>
              {g.items.map((item) => (
                <ActivityRow key={item.id} item={item} />
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  )
}

const Name = ({ user }: { user: UserCard }) => (
  <Link to={user.username ? profilePath(user.username) : '#'} className="font-semibold">
    {user.username ?? user.name}
  </Link>
)

function sentence(item: ActivityItem): ReactNode {
  const [first, second] = item.users
  if (!first) return null
  const who =
    item.type === 'like_multiple' && second ? (
      <>
        <Name user={first} />
        {item.othersCount ? ', ' : ' and '}
        <Name user={second} />
        {item.othersCount ? ` and ${item.othersCount} ${item.othersCount === 1 ? 'other' : 'others'}` : ''}
      </>
    ) : (
      <Name user={first} />
    )
  const what = {
    like: ' liked your post.',
    like_multiple: ' liked your post.',
    comment: ` commented: ${item.content ?? ''}`,
    mention: ` mentioned you: ${item.content ?? ''}`,
    follow: ' started following you.',
  }[item.type]
  return (
    <>
      {who}
      {what}
    </>
  )
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const [replying, setReplying] = useState(false)
  const actor = item.users[0]
  if (!actor) return null
  return (
    <li className="px-4 py-2">
      <div className="flex items-center gap-3">
        {item.type === 'like_multiple' && item.users[1] ? (
          <span className="relative size-11 shrink-0">
            <UserAvatar user={item.users[1]} size="sm" className="absolute top-0 right-0" />
            <UserAvatar user={actor} size="sm" className="absolute bottom-0 left-0 rounded-full ring-2 ring-surface" />
          </span>
        ) : (
          <UserAvatar user={actor} size="md" />
        )}
        <p className="min-w-0 flex-1 text-sm break-words">
          {sentence(item)} <span className="text-muted">{timeAgo(item.createdAt)}</span>
        </p>
        {item.type === 'follow' ? (
          <FollowBackButton user={actor} following={Boolean(item.isFollowing)} />
        ) : item.type === 'mention' && item.post ? (
          <Button variant="secondary" onClick={() => setReplying((r) => !r)} aria-expanded={replying}>
            {SM.reply}
          </Button>
        ) : null}
        {item.post && item.type !== 'mention' && (
          <Link to={postPath(item.post.id)} aria-label="Open your post" className="size-11 shrink-0 overflow-hidden rounded-md bg-sunken">
            {item.post.imageUrl && <img src={item.post.imageUrl} alt="" className="size-full object-cover" loading="lazy" />}
          </Link>
        )}
      </div>
      {replying && item.post && <ReplyForm postId={item.post.id} to={actor} onDone={() => setReplying(false)} />}
    </li>
  )
}

/** Follow back (optimistic, via the profiles API); once following, the button becomes Message. */
function FollowBackButton({ user, following }: { user: UserCard; following: boolean }) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const follow = useMutation({
    mutationFn: () => setFollowing(user.username ?? user.id, true),
    onMutate: () => qc.setQueryData<Activity>(socialKeys.activity, (d) => d && setFollowingIn(d, user.id, true)),
    onError: (err) => {
      qc.setQueryData<Activity>(socialKeys.activity, (d) => d && setFollowingIn(d, user.id, false))
      toast.error(errorMessage(err, 'Could not follow. Try again.'))
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: socialKeys.followingActivity }),
  })
  if (following) {
    return (
      <Button variant="secondary" onClick={() => navigate(conversationPath(handleOf(user)))}>
        {SM.message}
      </Button>
    )
  }
  return (
    <Button onClick={() => follow.mutate()} pending={follow.isPending}>
      {SM.follow}
    </Button>
  )
}

const setFollowingIn = (d: Activity, userId: string, following: boolean): Activity => ({
  groups: d.groups.map((g) => ({ ...g, items: g.items.map((i) => (i.type === 'follow' && i.users[0]?.id === userId ? { ...i, isFollowing: following } : i)) })),
})

function ReplyForm({ postId, to, onDone }: { postId: string; to: UserCard; onDone: () => void }) {
  const reply = useMutation({
    mutationFn: (body: string) => postComment(postId, body),
    onSuccess: () => {
      toast.success('Reply posted.')
      onDone()
    },
  })
  const form = useForm({
    schema: CommentInputSchema,
    initial: { body: to.username ? `@${to.username} ` : '' },
    errorMessage: (err) => errorMessage(err, 'Your reply was not posted. Try again.'),
    onSubmit: async ({ body }) => void (await reply.mutateAsync(body)),
  })
  const error = form.errors.body ?? form.formError
  return (
    <form onSubmit={form.submit} className="mt-2 ml-14 flex flex-col gap-1">
      <div className="flex gap-2">
        <input
          value={form.values.body}
          onChange={(e) => {
            form.set('body', e.target.value)
            form.setFormError(null)
          }}
          aria-label={`Reply to ${to.username ?? to.name}`}
          autoFocus
          className="h-11 min-w-0 flex-1 rounded-full border border-hairline px-4 text-base outline-none focus:border-ink"
        />
        <Button type="submit" pending={form.pending}>
          {SM.reply}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  )
}

function FollowingTab() {
  const q = useQuery({ queryKey: socialKeys.followingActivity, queryFn: fetchFollowingActivity, staleTime: 0 })
  if (q.isPending) return <ListSkeleton />
  if (q.isError) return <ErrorState message="This could not be loaded." onRetry={() => void q.refetch()} />
  if (!q.data.items.length) return <EmptyState icon={Users} title={SM.noFriendsActivity} />
  return (
    <ul className="py-2">
      {q.data.items.map((item) => (
        <li key={item.id} className="px-4 py-2">
          <div className="flex items-center gap-3">
            <UserAvatar user={item.user} />
            <p className="min-w-0 flex-1 text-sm">
              <Name user={item.user} /> liked {item.postsCount === 1 ? '1 post' : `${item.postsCount} posts`}. <span className="text-muted">{timeAgo(item.createdAt)}</span>
            </p>
          </div>
          <ul className="mt-2 ml-14 grid grid-cols-6 gap-1">
            {item.photos.map((p) => (
              <li key={p.id} className="aspect-square overflow-hidden rounded-sm bg-sunken">
                <Link to={postPath(p.id)} aria-label="Open the liked post" className="block size-full">
                  {p.imageUrl && <img src={p.imageUrl} alt="" className="size-full object-cover" loading="lazy" />}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}
