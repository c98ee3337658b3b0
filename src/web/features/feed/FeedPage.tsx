import { useCallback, useMemo } from 'react'
import { Camera, CheckCircle2, ImageIcon, Loader2 } from 'lucide-react'
import { Link } from '../../lib/router'
import { FM } from '~/shared/posts/messages'
import { EmptyState, ErrorState } from '../../components/Feedback'
import { Wordmark } from '../../components/Layout'
import { TabScreen } from '../../components/TabBar'
import { errorMessage } from '../../lib/api'
import { useFirstScreenList } from '../../lib/use-first-screen-list'
import { InboxLinks, StoryRow } from '../social'
import { postKeys, usePostPages } from './api'
import { InfiniteSentinel } from './InfiniteSentinel'
import { PostCard, PostCardSkeleton } from './PostCard'

function FeedPosts() {
  const q = usePostPages(postKeys.feed, '/feed')
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  const posts = useMemo(() => q.data?.pages.flatMap((p) => p.items) ?? [], [q.data])
  const { shown, complete } = useFirstScreenList(posts, 1)

  if (q.isPending)
    return (
      <div aria-label="Loading posts" role="status">
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    )
  if (q.isError) return <ErrorState message={errorMessage(q.error, 'Could not load the feed.')} onRetry={() => q.refetch()} />
  if (!posts.length)
    return (
      <EmptyState
        icon={ImageIcon}
        title={FM.feedEmpty}
        action={
          <Link to="/camera" className="inline-flex min-h-11 items-center gap-2 rounded-full bg-rose px-5 text-sm font-semibold text-on-accent">
            <Camera size={20} strokeWidth={1.75} aria-hidden /> Create a post
          </Link>
        }
      />
    )
  return (
    <div aria-label="Posts" role="feed" aria-busy={isFetchingNextPage}>
      {shown.map((post, i) => (
        <PostCard key={post.id} post={post} eager={i === 0} className={i > 0 ? 'render-when-near [--near-height:700px]' : undefined} />
      ))}
      <InfiniteSentinel onVisible={more} disabled={!hasNextPage || !complete} />
      {isFetchingNextPage && (
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted">
          <Loader2 size={20} strokeWidth={1.75} className="animate-spin" aria-hidden /> Loading more posts…
        </p>
      )}
      {q.isFetchNextPageError && <ErrorState message="Could not load more posts." onRetry={more} />}
      {!hasNextPage && complete && (
        <p className="flex flex-col items-center gap-2 py-10 text-sm text-muted" data-testid="feed-end">
          <CheckCircle2 size={28} strokeWidth={1.75} className="text-success" aria-hidden />
          {FM.feedEnd}
        </p>
      )}
    </div>
  )
}

export default function FeedPage() {
  return (
    <TabScreen>
      <header className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-hairline bg-surface/95 px-4 backdrop-blur">
        <Wordmark />
        <InboxLinks />
      </header>
      <StoryRow />
      <FeedPosts />
    </TabScreen>
  )
}
