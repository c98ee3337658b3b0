import type { ReactNode } from 'react'
import { Camera, Home, Search, ShoppingBag, Sparkles, User } from 'lucide-react'
import { NavLink } from '../lib/router'
import { cn } from '../lib/cn'
import { Screen } from './Layout'

// Apart from Layout, which the entry loads: the screens without a tab bar (login, register) need
// neither it nor its icons in their first load (issue #13).

/** A screen with the bottom tab bar, its content kept clear of it. */
export function TabScreen({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Screen className={cn('pb-[calc(64px+env(safe-area-inset-bottom))]', className)}>
      {children}
      <TabBar />
    </Screen>
  )
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
