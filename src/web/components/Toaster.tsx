import { lazy, Suspense } from 'react'
import { useToasterWanted } from '../lib/toast'

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/** Below the 56 px top bar, so a toast never covers Back or the screen's title. */
const BELOW_TOP_BAR = { top: 64 }

export function Toaster() {
  const wanted = useToasterWanted()
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" offset={BELOW_TOP_BAR} mobileOffset={BELOW_TOP_BAR} richColors closeButton />
    </Suspense>
  )
}
