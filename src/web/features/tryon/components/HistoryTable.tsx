import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { History } from 'lucide-react'
import { T } from '~/shared/tryon/messages'
import type { HistoryRow } from '~/shared/tryon/schemas'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { cn } from '../../../lib/cn'
import { toast } from '../../../lib/toast'
import { fetchHistory, tryonKeys } from '../api'
import { formatHistoryDate } from '../format'

/** Status colours of the history; 'completed' and 'error' are the original's names for the same states. */
const STATUS_TONE: Record<string, string> = {
  succeeded: 'bg-success/10 text-success',
  completed: 'bg-success/10 text-success',
  failed: 'bg-danger/10 text-danger',
  error: 'bg-danger/10 text-danger',
  processing: 'bg-warning/10 text-warning',
  queued: 'bg-sunken text-muted',
}

/** The user's own generations, newest first, at most 50. */
export function HistoryTable() {
  const history = useQuery({ queryKey: tryonKeys.history, queryFn: fetchHistory })
  useEffect(() => {
    if (history.isError) toast.error(T.failedToLoadHistory)
  }, [history.isError])
  if (history.isPending) return <Skeleton className="mx-4 h-40" />
  if (history.isError) return <ErrorState message={T.failedToLoadHistory} onRetry={() => void history.refetch()} />
  if (!history.data.length) return <EmptyState icon={History} title={T.noGenerations} />
  return (
    <div className="overflow-x-auto px-4">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted">
          <tr className="border-b border-hairline">
            <th className="py-2 pr-2 font-semibold">Date</th>
            <th className="py-2 pr-2 font-semibold">Image</th>
            <th className="py-2 pr-2 font-semibold">Model</th>
            <th className="py-2 font-semibold">Status</th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((row: HistoryRow) => (
            <tr key={row.id} className="border-b border-hairline align-middle">
              <td className="py-2 pr-2 whitespace-nowrap tabular">{formatHistoryDate(row.createdAt)}</td>
              <td className="py-2 pr-2">
                <div className="aspect-[3/4] w-10 overflow-hidden rounded bg-sunken">{row.imageUrl && <img src={row.imageUrl} alt="" loading="lazy" className="size-full object-cover" />}</div>
              </td>
              <td className="max-w-28 truncate py-2 pr-2 text-xs">{row.model ?? '—'}</td>
              <td className="py-2">
                <span title={row.error ?? undefined} className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_TONE[row.status])}>
                  {row.status}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
