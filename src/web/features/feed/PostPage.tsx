import { ImageOff } from 'lucide-react'
import { useParams } from '../../lib/router'
import { FM } from '~/shared/posts/messages'
import { EmptyState, ErrorState, Skeleton } from '../../components/Feedback'
import { TopBar } from '../../components/Layout'
import { TabScreen } from '../../components/TabBar'
import { ApiRequestError, errorMessage } from '../../lib/api'
import { usePost } from './api'
import { CommentThread } from './CommentThread'
import { PostCard } from './PostCard'

const focusCommentInput = (postId: string) => document.getElementById(`comment-${postId}`)?.focus()

/** /p/:postId: one post with its comments (where activity, search and shared links lead). */
export default function PostPage() {
  const postId = useParams().postId ?? ''
  const q = usePost(postId)
  return (
    <TabScreen>
      <TopBar title={FM.postTitle} back />
      {q.isPending ? (
        <div aria-label="Loading post" className="flex flex-col gap-3 p-4">
          <Skeleton className="h-10 w-40" />
          <Skeleton className="aspect-[4/5] w-full" />
        </div>
      ) : q.isError ? (
        q.error instanceof ApiRequestError && (q.error.status === 404 || q.error.status === 400) ? (
          <EmptyState icon={ImageOff} title={FM.postNotFound} />
        ) : (
          <ErrorState message={errorMessage(q.error, 'Could not load this post.')} onRetry={() => void q.refetch()} />
        )
      ) : (
        <>
          <PostCard post={q.data} eager onComments={() => focusCommentInput(postId)} />
          <section aria-label="Comments" className="px-4 pt-3 pb-6">
            <CommentThread postId={postId} />
          </section>
        </>
      )}
    </TabScreen>
  )
}
