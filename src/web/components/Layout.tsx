import type { ReactNode } from 'react'
import { ChevronLeft } from 'lucide-react'
import { NavLink, useNavigate } from '../lib/router'
import { Camera, Home, Search, ShoppingBag, Sparkles, User } from 'lucide-react'
import { cn } from '../lib/cn'
import { IconButton } from './Button'

/** The phone-width column every screen lives in: the page's main landmark. */
export function Screen({ children, tabBar, className }: { children: ReactNode; tabBar?: boolean; className?: string }) {
  return (
    <main className={cn('relative mx-auto flex min-h-dvh w-full max-w-[480px] flex-col bg-surface', tabBar && 'pb-[calc(64px+env(safe-area-inset-bottom))]', className)}>
      {children}
      {tabBar && <TabBar />}
    </main>
  )
}

/** Back (or a custom start), a centred title and actions. */
export function TopBar({ title, back, start, actions }: { title?: ReactNode; back?: boolean | string; start?: ReactNode; actions?: ReactNode }) {
  const navigate = useNavigate()
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-1 border-b border-hairline bg-surface/95 px-1 backdrop-blur">
      <div className="flex min-w-11 items-center">
        {back ? (
          <IconButton label="Back" onClick={() => (typeof back === 'string' ? navigate(back) : navigate(-1))}>
            <ChevronLeft size={24} strokeWidth={1.75} />
          </IconButton>
        ) : (
          start
        )}
      </div>
      <h1 className="flex-1 truncate text-center text-base font-semibold">{title}</h1>
      <div className="flex min-w-11 items-center justify-end">{actions}</div>
    </header>
  )
}

export function Wordmark({ className }: { className?: string }) {
  return <span className={cn('font-serif text-[28px] leading-none font-semibold tracking-tight', className)}>Drape</span>
}

const tabs = [
  { to: '/feed', label: 'Home', icon: Home },
  { to: '/search', label: 'Search', icon: Search },
  { to: '/marketplace', label: 'Shop', icon: ShoppingBag },
  { to: '/style-studio-generate', label: 'Virtual Try-On', icon: Sparkles },
  { to: '/camera', label: 'Create', icon: Camera },
  { to: '/profile', label: 'Profile', icon: User },
] as const

/** The bottom tab bar of the spec: Home, Search, Shop, Virtual Try-On, Create, Profile. */
export function TabBar() {
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-30 mx-auto w-full max-w-[480px] border-t border-hairline bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur">
      <ul className="grid h-16 grid-cols-6">
        {tabs.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              aria-label={label}
              className={({ isActive }) => cn('flex h-full flex-col items-center justify-center gap-0.5 text-[10px] font-semibold', isActive ? 'text-rose' : 'text-muted hover:text-ink')}
            >
              <Icon size={24} strokeWidth={1.75} aria-hidden />
              <span className="max-w-full truncate px-0.5">{label === 'Virtual Try-On' ? 'Try-On' : label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
