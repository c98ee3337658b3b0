import { lazy, Suspense } from 'react'
import { useToasterWanted } from '../lib/toast'

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

export function Toaster() {
  const wanted = useToasterWanted()
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" richColors closeButton />
    </Suspense>
  )
}
