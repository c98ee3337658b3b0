import type { ReactNode } from 'react'
import { ChevronLeft } from 'lucide-react'
import { useNavigate } from '../lib/router'
import { cn } from '../lib/cn'
import { IconButton } from './Button'

/** The phone-width column every screen lives in: the page's main landmark. */
export function Screen({ children, className }: { children: ReactNode; className?: string }) {
  return <main className={cn('relative mx-auto flex min-h-dvh w-full max-w-[480px] flex-col bg-surface', className)}>{children}</main>
}

/** Back (or a custom start), a centred title and actions. */
export function TopBar({ title, back, start, actions }: { title?: ReactNode; back?: boolean | string; start?: ReactNode; actions?: ReactNode }) {
  const navigate = useNavigate()
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-1 border-b border-hairline bg-surface/95 px-1 backdrop-blur">
      <div className="flex min-w-11 items-center">
        {back ? (
          <IconButton label="Back" onClick={() => (typeof back === 'string' ? navigate(back) : navigate(-1))}>
            <ChevronLeft size={24} strokeWidth={1.75} />
          </IconButton>
        ) : (
          start
        )}
      </div>
      <h1 className="flex-1 truncate text-center text-base font-semibold">{title}</h1>
      <div className="flex min-w-11 items-center justify-end">{actions}</div>
    </header>
  )
}

export function Wordmark({ className }: { className?: string }) {
  return <span className={cn('font-serif text-[28px] leading-none font-semibold tracking-tight', className)}>Drape</span>
}
