import { useEffect, useState } from 'react'

/**
 * Toasts (sonner, top-centre), loaded on first use so that no screen pays for them up front.
 * Use this `toast` everywhere instead of importing sonner directly.
 */
type Kind = 'success' | 'error' | 'info' | 'message'
const listeners = new Set<() => void>()
let wanted = false

function show(kind: Kind, message: string) {
  if (!wanted) {
    wanted = true
    for (const l of listeners) l()
  }
  void import('sonner').then(({ toast: t }) => (kind === 'message' ? t(message) : t[kind](message)))
}

export const toast = {
  success: (m: string) => show('success', m),
  error: (m: string) => show('error', m),
  info: (m: string) => show('info', m),
  message: (m: string) => show('message', m),
}

/** Mounts sonner's Toaster once the first toast is asked for. */
export function useToasterWanted() {
  const [on, setOn] = useState(wanted)
  useEffect(() => {
    const l = () => setOn(true)
    listeners.add(l)
    return () => void listeners.delete(l)
  }, [])
  return on
}
