import type { ReactNode } from 'react'
import { AlertCircle, type LucideIcon } from 'lucide-react'
import { cn } from '../lib/cn'
import { Button } from './Button'

/** A soft pulsing block shaped like the content it stands in for. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-shimmer rounded-card bg-hairline/70', className)} />
}

/** Icon, one line and one action. */
export function EmptyState({ icon: Icon, title, action }: { icon: LucideIcon; title: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 px-8 py-16 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-sunken text-muted">
        <Icon size={28} strokeWidth={1.75} aria-hidden />
      </div>
      <p className="text-sm text-muted">{title}</p>
      {action}
    </div>
  )
}

export function ErrorState({ message = 'Something went wrong.', onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 px-8 py-16 text-center">
      <AlertCircle size={28} strokeWidth={1.75} className="text-danger" aria-hidden />
      <p className="text-sm text-muted">{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  )
}

/** Inline status text under a form: danger or success. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-card px-3 py-2 text-sm', tone === 'error' ? 'bg-danger/10 text-danger' : 'bg-success/10 text-success')}>
      {children}
    </p>
  )
}
