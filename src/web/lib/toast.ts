import { useEffect, useState } from 'react'

/**
 * Toasts (sonner, top-centre), loaded on first use so that no screen pays for them up front.
 * Use this `toast` everywhere instead of importing sonner directly.
 */
type Kind = 'success' | 'error' | 'info' | 'message'
const listeners = new Set<() => void>()
let wanted = false

/** The toasts raised lately, for closing them when the user leaves their screen. */
const raised: { id: string | number; at: number; carried: boolean }[] = []
/** A toast raised this long before a navigation was about the screen being left. */
const BEFORE_NAVIGATION_MS = 1000
/** Longer than any toast stays open. */
const FORGET_AFTER_MS = 15_000

function show(kind: Kind, message: string) {
  if (!wanted) {
    wanted = true
    for (const l of listeners) l()
  }
  const at = Date.now()
  void import('sonner').then(({ toast: t }) => {
    const id = kind === 'message' ? t(message) : t[kind](message)
    while (raised[0] && at - raised[0].at > FORGET_AFTER_MS) raised.shift()
    raised.push({ id, at, carried: false })
  })
}

/**
 * Leaving a screen closes the toasts raised on it (they would cover the next screen's controls);
 * a toast raised as part of the navigation ("Added to your cart", then the cart) is carried to
 * the next screen and closes when the user leaves that one, however quickly.
 */
export function closeToastsOfLeftScreen() {
  const now = Date.now()
  const stale = raised.filter((r) => r.carried || now - r.at > BEFORE_NAVIGATION_MS)
  for (const r of raised) r.carried = true
  if (!stale.length) return
  for (const r of stale) raised.splice(raised.indexOf(r), 1)
  void import('sonner').then(({ toast: t }) => {
    for (const r of stale) t.dismiss(r.id)
  })
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
