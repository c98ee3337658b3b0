import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Sparkles } from 'lucide-react'
import { useNavigate } from '../../../lib/router'
import { Button } from '../../../components/Button'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { cn } from '../../../lib/cn'
import { useUserEvents } from '../../social'
import { fetchGenerations, tryonKeys } from '../api'
import { formatHistoryDate } from '../format'

const GENERATION_EVENTS = ['generation'] as const

const TONE = { succeeded: 'text-success', failed: 'text-danger', processing: 'text-warning', queued: 'text-muted' } as const

/** Recent generations and Start Generating. */
export function GenerateTab() {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const recent = useQuery({ queryKey: tryonKeys.generations, queryFn: () => fetchGenerations(12) })
  // Generations still running update in place as their status arrives.
  useUserEvents(GENERATION_EVENTS, () => void qc.invalidateQueries({ queryKey: tryonKeys.generations }), Boolean(recent.data?.some((g) => g.status === 'queued' || g.status === 'processing')))
  const start = (
    <Button block onClick={() => void navigate('/style-studio-generate')} icon={<Sparkles size={20} strokeWidth={1.75} aria-hidden />}>
      Start Generating
    </Button>
  )
  return (
    <div className="flex flex-col gap-4 p-4">
      {start}
      <h2 className="text-base font-semibold">Recent generations</h2>
      {recent.isPending ? (
        <div className="grid grid-cols-3 gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[3/4]" />
          ))}
        </div>
      ) : recent.isError ? (
        <ErrorState message="Could not load your generations." onRetry={() => void recent.refetch()} />
      ) : !recent.data.length ? (
        <EmptyState icon={Sparkles} title="Your try-ons will appear here." />
      ) : (
        <ul className="grid grid-cols-3 gap-2" aria-label="Recent generations">
          {recent.data.map((g) => (
            <li key={g.id} className="flex flex-col gap-1">
              <div className="aspect-[3/4] overflow-hidden rounded-card bg-sunken">
                <img src={g.outputUrl ?? g.subjectUrl} alt="" loading="lazy" className={cn('size-full object-cover', !g.outputUrl && 'opacity-40')} />
              </div>
              <p className="text-[11px] text-muted">
                <span className={cn('font-semibold', TONE[g.status])}>{g.status}</span> · {formatHistoryDate(g.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
