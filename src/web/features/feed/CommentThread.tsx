import { MessageCircle, Trash2 } from 'lucide-react'
import { Link } from '../../lib/router'
import { FM } from '~/shared/posts/messages'
import { timeAgo } from '~/shared/posts/format'
import { CommentInputSchema } from '~/shared/posts/schemas'
import { Button, IconButton } from '../../components/Button'
import { EmptyState, ErrorState } from '../../components/Feedback'
import { PersonRowSkeleton } from '../../components/PersonRowSkeleton'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { useForm } from '../../lib/use-form'
import { UserAvatar } from '../../components/UserAvatar'
import { useAddComment, useComments, useDeleteComment } from './api'
import { MentionText } from './Caption'

/** A post's comments: read (oldest first, paged) and write. */
export function CommentThread({ postId, enabled = true }: { postId: string; enabled?: boolean }) {
  const q = useComments(postId, enabled)
  const add = useAddComment(postId)
  const remove = useDeleteComment(postId)
  const form = useForm({
    schema: CommentInputSchema,
    initial: { body: '' },
    onSubmit: async ({ body }) => {
      try {
        await add.mutateAsync(body)
        form.reset()
      } catch (err) {
        toast.error(errorMessage(err, FM.couldNotComment))
      }
    },
  })
  const items = q.data?.pages.flatMap((p) => p.items) ?? []

  return (
    <div className="flex min-h-[40dvh] flex-col">
      <div className="flex-1">
        {q.isPending ? (
          <ul className="flex flex-col gap-4" aria-label="Loading comments">
            {[0, 1, 2].map((i) => (
              <PersonRowSkeleton key={i} as="li" avatar="size-8" lines={['h-10 flex-1']} />
            ))}
          </ul>
        ) : q.isError ? (
          <ErrorState message={errorMessage(q.error, 'Could not load comments.')} onRetry={() => q.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState icon={MessageCircle} title={FM.noComments} />
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Comments">
            {items.map((c) => (
              <li key={c.id} className="flex items-start gap-3">
                <UserAvatar user={c.author} size="sm" />
                <p className="flex-1 text-sm break-words">
                  {c.author.username ? (
                    <Link to={`/u/${c.author.username}`} className="mr-1.5 font-semibold">
                      {c.author.username}
                    </Link>
                  ) : (
                    <span className="mr-1.5 font-semibold">{c.author.name}</span>
                  )}
                  <MentionText text={c.body} />
                  <time dateTime={c.createdAt} className="mt-0.5 block text-xs text-muted">
                    {timeAgo(c.createdAt)}
                  </time>
                </p>
                {c.canDelete && (
                  <IconButton label="Delete comment" onClick={() => remove.mutate(c.id)}>
                    <Trash2 size={18} strokeWidth={1.75} />
                  </IconButton>
                )}
              </li>
            ))}
          </ul>
        )}
        {q.hasNextPage && (
          <Button variant="ghost" size="sm" className="mt-3" pending={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
            Load more comments
          </Button>
        )}
      </div>
      <form onSubmit={form.submit} className="sticky bottom-0 mt-4 flex items-start gap-2 border-t border-hairline bg-surface pt-3">
        <div className="flex-1">
          <label htmlFor={`comment-${postId}`} className="sr-only">
            Write a comment
          </label>
          <input
            id={`comment-${postId}`}
            value={form.values.body}
            onChange={(e) => form.set('body', e.target.value)}
            placeholder={FM.addComment}
            maxLength={1000}
            className="h-11 w-full rounded-full border border-hairline bg-surface px-4 text-base outline-none focus:border-ink"
          />
          {form.errors.body && (
            <p role="alert" className="mt-1 text-xs text-danger">
              {form.errors.body}
            </p>
          )}
        </div>
        <Button type="submit" size="md" pending={add.isPending} disabled={!form.values.body.trim()}>
          Post
        </Button>
      </form>
    </div>
  )
}
