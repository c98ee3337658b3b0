import { Archive, Activity, Bookmark, ExternalLink, QrCode, Settings, ShoppingBag, Star, UserPlus, type LucideIcon } from 'lucide-react'
import { Link } from '../../lib/router'
import { BottomSheet } from '../../components/Overlay'
import { SignOutButton } from '../auth'

type Entry = { label: string; icon: LucideIcon; to?: string; onSelect?: () => void }

/**
 * The profile's side menu (spec part 1 §2). My Orders and Settings have the spec's targets; we
 * also link Your Activity, Saved and Discover People to the screens that do those things.
 */
export function ProfileMenu({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const entries: Entry[] = [
    { label: 'My Orders', icon: ShoppingBag, to: '/my-orders' },
    { label: 'Archive', icon: Archive },
    { label: 'Your Activity', icon: Activity, to: '/activity' },
    { label: 'Nametag', icon: QrCode },
    { label: 'Saved', icon: Bookmark, onSelect: onSaved },
    { label: 'Close Friends', icon: Star },
    { label: 'Discover People', icon: UserPlus, to: '/search' },
    { label: 'Open Facebook', icon: ExternalLink },
    { label: 'Settings', icon: Settings, to: '/profile/edit' },
  ]
  const row = 'flex min-h-12 w-full items-center gap-3 rounded-card px-3 text-left text-sm font-semibold'
  return (
    <BottomSheet open={open} onClose={onClose} title="Menu">
      <nav aria-label="Profile menu">
        <ul className="flex flex-col">
          {entries.map(({ label, icon: Icon, to, onSelect }) => (
            <li key={label}>
              {to ? (
                <Link to={to} className={`${row} hover:bg-sunken`}>
                  <Icon size={22} strokeWidth={1.75} aria-hidden /> {label}
                </Link>
              ) : onSelect ? (
                <button
                  type="button"
                  className={`${row} hover:bg-sunken`}
                  onClick={() => {
                    onSelect()
                    onClose()
                  }}
                >
                  <Icon size={22} strokeWidth={1.75} aria-hidden /> {label}
                </button>
              ) : (
                <span className={`${row} text-muted`} aria-disabled="true">
                  <Icon size={22} strokeWidth={1.75} aria-hidden /> {label}
                </span>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-2 border-t border-hairline pt-2">
          <SignOutButton className="w-full justify-start" />
        </div>
      </nav>
    </BottomSheet>
  )
}
