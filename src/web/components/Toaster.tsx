import { lazy, Suspense, useEffect } from 'react'
import { useLocation } from '../lib/router'
import { closeToastsOfLeftScreen, useToasterWanted } from '../lib/toast'

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/**
 * Above the tab bar and the action bars at the bottom (about 80 px), so a toast covers neither
 * Back and the title at the top nor the controls just below the top bar.
 */
const ABOVE_BOTTOM_BARS = { bottom: 96 }

export function Toaster() {
  const wanted = useToasterWanted()
  const { pathname } = useLocation()
  useEffect(() => closeToastsOfLeftScreen(), [pathname])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="bottom-center" offset={ABOVE_BOTTOM_BARS} mobileOffset={ABOVE_BOTTOM_BARS} richColors closeButton />
    </Suspense>
  )
}
