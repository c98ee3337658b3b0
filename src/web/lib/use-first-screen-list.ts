import { startTransition, useEffect, useState } from 'react'

/**
 * `items` with only the first `count` drawn when they first arrive and the rest in a transition
 * right after (React yields to the browser while rendering it), so that the first paint of a long
 * list is not one long task. `complete` is false until the whole list is drawn: an infinite-scroll
 * sentinel waits for it, or it would see the short list's end and load the next page at once.
 */
export function useFirstScreenList<T>(items: T[], count: number) {
  const [all, setAll] = useState(false)
  const short = !all && items.length > count
  useEffect(() => {
    if (short) startTransition(() => setAll(true))
  }, [short])
  return { shown: short ? items.slice(0, count) : items, complete: !short }
}
