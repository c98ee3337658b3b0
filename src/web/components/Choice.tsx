import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

/** A pill toggle (categories, sizes, filters). */
export function Chip({ selected, onClick, children, label, className }: { selected?: boolean; onClick?: () => void; children: ReactNode; label?: string; className?: string }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={label}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm whitespace-nowrap transition-colors duration-150',
        selected ? 'border-ink bg-ink text-surface' : 'border-hairline bg-surface text-ink hover:border-ink',
        className,
      )}
    >
      {children}
    </button>
  )
}

/** Underlined tabs; `value` is the selected tab's id. */
export function Tabs<T extends string>({ tabs, value, onChange, label }: { tabs: readonly { id: T; label: ReactNode }[]; value: T; onChange: (id: T) => void; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="flex border-b border-hairline">
      {tabs.map((t) => (
        <button
          key={t.id}
          role="tab"
          type="button"
          aria-selected={t.id === value}
          onClick={() => onChange(t.id)}
          className={cn('min-h-11 flex-1 border-b-2 text-sm font-semibold transition-colors', t.id === value ? 'border-ink text-ink' : 'border-transparent text-muted')}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}
