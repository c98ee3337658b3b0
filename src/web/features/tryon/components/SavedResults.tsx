import { Send, Shirt, Trash2 } from 'lucide-react'
import { IconButton } from '../../../components/Button'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { toast } from '../../../lib/toast'
import { T } from '~/shared/tryon/messages'
import { useDeleteResult, usePostToFeed, useResults } from '../hooks'

/** The grid of saved results, each with delete and post to feed. */
export function SavedResults() {
  const results = useResults()
  const remove = useDeleteResult()
  const post = usePostToFeed()
  if (results.isPending)
    return (
      <div className="grid grid-cols-2 gap-2 px-4">
        <Skeleton className="aspect-[3/4]" />
        <Skeleton className="aspect-[3/4]" />
      </div>
    )
  if (results.isError) return <ErrorState message="Could not load your saved results." onRetry={() => void results.refetch()} />
  if (!results.data.length) return <EmptyState icon={Shirt} title="Saved try-ons will appear here." />
  return (
    <ul className="grid grid-cols-2 gap-2 px-4" aria-label="Saved results">
      {results.data.map((r) => (
        <li key={r.id} className="overflow-hidden rounded-card border border-hairline">
          <div className="aspect-[3/4] bg-sunken">
            <img src={r.resultUrl} alt={r.product ? `Try-on of ${r.product.name}` : 'Saved try-on'} loading="lazy" className="size-full object-cover" />
          </div>
          <div className="flex items-center justify-between gap-1 pl-3">
            <p className="truncate text-xs text-muted">{r.product ? `${r.product.brand} · ${r.product.name}` : 'Uploaded garment'}</p>
            <div className="flex">
              <IconButton
                label="Post saved result to feed"
                onClick={() => (r.generationId ? post.mutate({ generationId: r.generationId, resultUrl: r.resultUrl }) : toast.error(T.noImageToPost))}
              >
                <Send size={20} strokeWidth={1.75} />
              </IconButton>
              <IconButton label="Delete saved result" onClick={() => remove.mutate(r.id)}>
                <Trash2 size={20} strokeWidth={1.75} />
              </IconButton>
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}
