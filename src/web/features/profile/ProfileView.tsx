import { useCallback, useState, type ReactNode } from 'react'
import { Bookmark, Camera, Grid3x3, Loader2, UserSquare2 } from 'lucide-react'
import { PM } from '~/shared/profiles/messages'
import { displayNameOf } from '~/shared/profiles/names'
import type { PublicProfile } from '~/shared/profiles/schemas'
import { postThumbnail } from '~/shared/posts/image-urls'
import type { Post } from '~/shared/posts/schemas'
import { Tabs } from '../../components/Choice'
import { EmptyState, ErrorState, Skeleton } from '../../components/Feedback'
import { Dialog } from '../../components/Overlay'
import { errorMessage } from '../../lib/api'
import { imageLoading, listImagePriority } from '../../lib/image-loading'
import { InfiniteSentinel, PostCard, postKeys, usePostPages } from '../feed'
import { UserAvatar } from '../../components/UserAvatar'

export type ProfileSummary = {
  username: string | null
  name: string
  bio: string | null
  avatarUrl: string | null
  postsCount: number
  followersCount: number
  followingCount: number
}

/** The header's view of a profile (one's own or another's), named by the spec's one rule. */
export const profileSummaryOf = (p: Omit<PublicProfile, 'is_me' | 'is_following'>): ProfileSummary => ({
  username: p.username,
  name: displayNameOf(p),
  bio: p.bio,
  avatarUrl: p.avatar_url,
  postsCount: p.posts_count,
  followersCount: p.followers_count,
  followingCount: p.following_count,
})

/** The posts grid has three columns; its first row is in view when the profile opens. */
const GRID_COLUMNS = 3
const HIGHLIGHTS = ['New', 'makeup', 'fashion', 'skincare'] as const

function Count({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex flex-col items-center">
      <span className="text-base font-semibold tabular" data-testid={`count-${label.toLowerCase()}`}>
        {value}
      </span>
      <span className="text-xs text-muted">{label}</span>
    </div>
  )
}

/** Avatar, counts, name, bio and the actions row of a profile. */
export function ProfileHeader({ profile, actions, highlights }: { profile: ProfileSummary; actions: ReactNode; highlights?: boolean }) {
  return (
    <section className="flex flex-col gap-3 px-4 pt-4">
      <div className="flex items-center gap-6">
        <UserAvatar user={{ name: profile.name, avatarUrl: profile.avatarUrl }} size="xl" />
        <div className="grid flex-1 grid-cols-3">
          <Count value={profile.postsCount} label="Posts" />
          <Count value={profile.followersCount} label="Followers" />
          <Count value={profile.followingCount} label="Following" />
        </div>
      </div>
      <div className="text-sm">
        <h2 className="font-semibold">{profile.name}</h2>
        {profile.bio && <p className="whitespace-pre-line">{profile.bio}</p>}
      </div>
      <div className="flex gap-2">{actions}</div>
      {highlights && (
        <ul className="flex gap-4 overflow-x-auto py-1" aria-label="Highlights">
          {HIGHLIGHTS.map((h) => (
            <li key={h} className="flex w-16 shrink-0 flex-col items-center gap-1 text-xs">
              <span className="flex size-16 items-center justify-center rounded-full border border-hairline bg-sunken text-muted">
                <Camera size={20} strokeWidth={1.75} aria-hidden />
              </span>
              {h}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

type Tab = 'grid' | 'tagged' | 'saved'

/** The 3-column grid of a list of posts; a tile opens the post. */
function PostGrid({ queryKey, path, empty }: { queryKey: readonly unknown[]; path: string; empty: ReactNode }) {
  const q = usePostPages(queryKey, path)
  const [open, setOpen] = useState<Post | null>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  if (q.isPending)
    return (
      <div role="status" className="grid grid-cols-3 gap-0.5" aria-label="Loading posts">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-square rounded-none" />
        ))}
      </div>
    )
  if (q.isError) return <ErrorState message={errorMessage(q.error, 'Could not load posts.')} onRetry={() => q.refetch()} />
  const posts = q.data.pages.flatMap((p) => p.items)
  if (!posts.length) return <>{empty}</>
  const current = open && posts.find((p) => p.id === open.id)
  return (
    <>
      <ul className="grid grid-cols-3 gap-0.5" aria-label="Posts grid">
        {posts.map((p, i) => {
          const cover = p.images[0]
          return (
            <li key={p.id} className="aspect-square bg-sunken">
              <button type="button" className="block size-full" aria-label={p.caption || 'Open post'} onClick={() => setOpen(p)}>
                {cover && <img src={postThumbnail(cover.url)} alt="" {...imageLoading(listImagePriority(i, GRID_COLUMNS))} className="size-full object-cover" />}
              </button>
            </li>
          )
        })}
      </ul>
      <InfiniteSentinel onVisible={more} disabled={!hasNextPage} />
      {isFetchingNextPage && <Loader2 size={20} strokeWidth={1.75} className="mx-auto my-4 animate-spin text-muted" aria-label="Loading more" />}
      <Dialog open={Boolean(current)} onClose={() => setOpen(null)} title="Post" className="[&>div>div:last-child]:px-0">
        {current && <PostCard post={current} eager />}
      </Dialog>
    </>
  )
}

/** Grid and tagged tabs (and Saved on one's own profile). */
export function ProfilePosts({ username, own, initialTab = 'grid' }: { username: string; own?: boolean; initialTab?: Tab }) {
  const [tab, setTab] = useState<Tab>(initialTab)
  const tabs = [
    { id: 'grid' as const, label: <Grid3x3 size={22} strokeWidth={1.75} aria-label="Posts" className="mx-auto" /> },
    { id: 'tagged' as const, label: <UserSquare2 size={22} strokeWidth={1.75} aria-label="Tagged" className="mx-auto" /> },
    ...(own ? [{ id: 'saved' as const, label: <Bookmark size={22} strokeWidth={1.75} aria-label="Saved" className="mx-auto" /> }] : []),
  ]
  return (
    <div className="mt-3">
      <Tabs label="Profile posts" tabs={tabs} value={tab} onChange={setTab} />
      {tab === 'grid' && (
        <PostGrid key="grid" queryKey={postKeys.grid(username, 'grid')} path={`/profiles/${username}/posts`} empty={<EmptyState icon={Camera} title={PM.noPosts} />} />
      )}
      {tab === 'tagged' && (
        <PostGrid key="tagged" queryKey={postKeys.grid(username, 'tagged')} path={`/profiles/${username}/tagged`} empty={<EmptyState icon={UserSquare2} title={PM.noTaggedPosts} />} />
      )}
      {tab === 'saved' && <PostGrid key="saved" queryKey={['posts', 'saved']} path="/posts/saved" empty={<EmptyState icon={Bookmark} title="Nothing saved yet" />} />}
    </div>
  )
}
