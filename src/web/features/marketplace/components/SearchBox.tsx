import { Search, X } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { IconButton } from '../../../components/Button'
import { useDebounced } from '../../../lib/use-debounced'

/** How long typing pauses before the results follow (the same as /search). */
const SEARCH_DEBOUNCE_MS = 250

/** A search field that searches as you type (and at once on Enter); the clear button empties it at once. */
export function SearchBox({ value, onSearch, placeholder = 'Search dresses, brands...' }: { value: string; onSearch: (q: string) => void; placeholder?: string }) {
  const [text, setText] = useState(value)
  const [seen, setSeen] = useState(value)
  if (seen !== value) {
    setSeen(value)
    setText(value)
  }
  const settled = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS)
  const latest = useRef({ value, onSearch })
  useEffect(() => {
    latest.current = { value, onSearch }
  })
  useEffect(() => {
    if (settled !== latest.current.value) latest.current.onSearch(settled)
  }, [settled])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch(text.trim())
  }
  return (
    <form role="search" onSubmit={submit} className="relative flex-1">
      <Search size={20} strokeWidth={1.75} aria-hidden className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted" />
      <input
        type="search"
        aria-label="Search products"
        placeholder={placeholder}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        className="h-11 w-full rounded-full border border-hairline bg-sunken pr-11 pl-11 text-base outline-none placeholder:text-muted focus:border-ink [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <IconButton
          label="Clear search"
          className="absolute top-0 right-0"
          onClick={() => {
            setText('')
            onSearch('')
          }}
        >
          <X size={18} strokeWidth={1.75} />
        </IconButton>
      )}
    </form>
  )
}
