import type { ReactNode } from 'react'
import { cn } from '../lib/cn'
import { Skeleton } from './Feedback'

/**
 * The loading placeholder of one person in a list: a round avatar beside (or, `stacked`, above)
 * one or more text lines. `avatar` and `lines` are the sizes of the row it stands for.
 */
export function PersonRowSkeleton({ as: Tag = 'div', avatar, lines, stacked, end }: { as?: 'div' | 'li'; avatar: string; lines: string[]; stacked?: boolean; end?: ReactNode }) {
  return (
    <Tag className={cn('flex items-center', stacked ? 'w-[68px] shrink-0 flex-col gap-1' : 'gap-3')}>
      <Skeleton className={cn('shrink-0 rounded-full', avatar)} />
      {lines.length === 1 ? (
        <Skeleton className={lines[0]} />
      ) : (
        <div className="flex flex-1 flex-col gap-2">
          {lines.map((line, i) => (
            <Skeleton key={i} className={line} />
          ))}
        </div>
      )}
      {end}
    </Tag>
  )
}
