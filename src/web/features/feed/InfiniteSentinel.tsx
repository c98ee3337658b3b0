import { useEffect, useRef } from 'react'

/** Calls `onVisible` when it scrolls into view (with a screen of margin): infinite scroll. */
export function InfiniteSentinel({ onVisible, disabled }: { onVisible: () => void; disabled?: boolean }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el || disabled) return
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisible(), { rootMargin: '800px 0px' })
    io.observe(el)
    return () => io.disconnect()
  }, [onVisible, disabled])
  return <div ref={ref} aria-hidden className="h-px" />
}
