import type { ReactNode } from 'react'
import { Screen, Wordmark } from '../../components/Layout'

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Screen className="px-6 pt-16 pb-10">
      <div className="mb-10 text-center">
        <Wordmark className="text-[40px]" />
        <p className="mt-2 text-sm text-muted">Discover it. Try it on. Share the look.</p>
      </div>
      <h1 className="text-xl font-semibold">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
      <div className="mt-6 flex flex-col gap-4">{children}</div>
    </Screen>
  )
}
