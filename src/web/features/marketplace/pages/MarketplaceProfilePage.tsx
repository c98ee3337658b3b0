import { Bell, ChevronRight, Heart, MapPin, Package, Star, Ticket, Wallet, type LucideIcon } from 'lucide-react'
import { Link } from '../../../lib/router'
import { MM } from '~/shared/marketplace/messages'
import { TopBar } from '../../../components/Layout'
import { TabScreen } from '../../../components/TabBar'
import { displayNameOf } from '~/shared/profiles/schemas'
import { Skeleton } from '../../../components/Feedback'
import { UserAvatar } from '../../../components/UserAvatar'
import { useSession } from '../../../lib/session'
import { useMyProfile } from '../../profile'
import { toast } from '../../../lib/toast'
import { SignOutButton } from '../../auth'

const ENTRIES: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/profile/address', label: MM.address, icon: MapPin },
  { to: '/profile/payment', label: MM.paymentMethod, icon: Wallet },
  { to: '/profile/vouchers', label: MM.voucher, icon: Ticket },
  { to: '/profile/wishlist', label: MM.myWishlist, icon: Heart },
  { to: '/my-orders', label: 'My Orders', icon: Package },
  { to: '/marketplace/notifications', label: 'Notifications', icon: Bell },
]

const row = 'flex min-h-14 w-full items-center gap-3 px-4 text-left text-sm font-semibold hover:bg-sunken'

/** /marketplace/profile: the shopping menu; Log out really ends the session. */
export default function MarketplaceProfilePage() {
  const { user } = useSession()
  const profile = useMyProfile()
  // The spec's displayed-name rule on the current profile (a changed username shows at once).
  const name = profile.data ? displayNameOf(profile.data) : (user?.name ?? '')
  return (
    <TabScreen>
      <TopBar title="Profile" back="/marketplace" />
      <div className="flex flex-col items-center gap-2 px-4 py-6">
        {profile.isPending ? (
          <>
            <Skeleton className="size-16 rounded-full" />
            <Skeleton className="h-4 w-32" />
          </>
        ) : (
          <>
            <UserAvatar user={{ name, avatarUrl: profile.data?.avatar_url ?? null }} size="xl" />
            <p className="text-base font-semibold" data-testid="shopper-name">
              {name}
            </p>
          </>
        )}
        <p className="text-sm text-muted">{user?.email}</p>
      </div>
      <nav aria-label="Shopping" className="border-t border-hairline">
        <ul>
          {ENTRIES.map(({ to, label, icon: Icon }) => (
            <li key={to} className="border-b border-hairline">
              <Link to={to} className={row}>
                <Icon size={24} strokeWidth={1.75} aria-hidden className="text-muted" />
                <span className="flex-1">{label}</span>
                <ChevronRight size={20} strokeWidth={1.75} aria-hidden className="text-muted" />
              </Link>
            </li>
          ))}
          <li className="border-b border-hairline">
            <button type="button" className={row} onClick={() => toast.success('Thanks for rating Drape!')}>
              <Star size={24} strokeWidth={1.75} aria-hidden className="text-muted" />
              <span className="flex-1">{MM.rateThisApp}</span>
            </button>
          </li>
        </ul>
      </nav>
      <div className="px-2 py-4">
        <SignOutButton className="w-full justify-start text-danger" />
      </div>
    </TabScreen>
  )
}
