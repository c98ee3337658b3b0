import { Search, X } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { IconButton } from '../../../components/Button'

/** How long typing pauses before the results follow (the same as /search). */
const SEARCH_DEBOUNCE_MS = 250

/**
 * A search field that searches as you type (and at once on Enter); the clear button empties it at
 * once. A search still waiting for typing to pause is dropped when the search changes from outside
 * (Clear Filters, Back): it would bring the old text back.
 */
export function SearchBox({ value, onSearch, placeholder = 'Search dresses, brands...' }: { value: string; onSearch: (q: string) => void; placeholder?: string }) {
  const [text, setText] = useState(value)
  const [seen, setSeen] = useState(value)
  if (seen !== value) {
    setSeen(value)
    setText(value)
  }
  const latest = useRef({ value, onSearch })
  const sent = useRef(value)
  const waiting = useRef<number | undefined>(undefined)
  useEffect(() => {
    latest.current = { value, onSearch }
  })
  useEffect(() => () => window.clearTimeout(waiting.current), [])

  const search = (q: string) => {
    window.clearTimeout(waiting.current)
    sent.current = q
    if (q !== latest.current.value) latest.current.onSearch(q)
  }
  const searchWhenPaused = (q: string) => {
    window.clearTimeout(waiting.current)
    const from = latest.current.value
    waiting.current = window.setTimeout(() => {
      const now = latest.current.value
      if (now === from || now === sent.current) search(q)
    }, SEARCH_DEBOUNCE_MS)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    search(text.trim())
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
        onChange={(e) => {
          setText(e.target.value)
          searchWhenPaused(e.target.value.trim())
        }}
        className="h-11 w-full rounded-full border border-hairline bg-sunken pr-11 pl-11 text-base outline-none placeholder:text-muted focus:border-ink [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <IconButton
          label="Clear search"
          className="absolute top-0 right-0"
          onClick={() => {
            setText('')
            search('')
          }}
        >
          <X size={18} strokeWidth={1.75} />
        </IconButton>
      )}
    </form>
  )
}
