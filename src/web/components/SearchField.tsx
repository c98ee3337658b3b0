import type { InputHTMLAttributes } from 'react'
import { Search, X } from 'lucide-react'

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'aria-label'> & {
  /** The field's accessible name. */
  label: string
  value: string
  onChange: (text: string) => void
}

/** A search field on the sunken surface: the magnifier, the text, and a Clear button once there is text. */
export function SearchField({ label, value, onChange, ...rest }: SearchFieldProps) {
  return (
    <label className="flex h-11 items-center gap-2 rounded-card bg-sunken px-3 text-muted focus-within:ring-2 focus-within:ring-rose">
      <Search size={20} strokeWidth={1.75} aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        className="h-full min-w-0 flex-1 bg-transparent text-base text-ink outline-none placeholder:text-muted [&::-webkit-search-cancel-button]:hidden"
        {...rest}
      />
      {value && (
        <button type="button" aria-label="Clear search" onClick={() => onChange('')} className="-mr-2 flex size-11 shrink-0 items-center justify-center">
          <X size={18} strokeWidth={1.75} aria-hidden />
        </button>
      )}
    </label>
  )
}
