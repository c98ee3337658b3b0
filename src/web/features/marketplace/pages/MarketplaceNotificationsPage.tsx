import { BadgePercent } from 'lucide-react'
import { Screen, TopBar } from '../../../components/Layout'

/** Static promotions (spec part 2 §2: three promotional notifications). */
const PROMOTIONS = [
  { title: '20% off your next dress', message: 'Use voucher DRAPE20 at checkout on any dress this week.' },
  { title: 'Weekend flash sale: 30% off', message: 'Evening and cocktail dresses are 30% off until Sunday midnight.' },
  { title: 'Members get 50% off', message: 'Half price on selected knit dresses for Drape members. Limited stock.' },
] as const

export default function MarketplaceNotificationsPage() {
  return (
    <Screen>
      <TopBar title="Notifications" back="/marketplace/profile" />
      <ul className="flex flex-col">
        {PROMOTIONS.map((n) => (
          <li key={n.title} className="flex gap-3 border-b border-hairline px-4 py-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-rose/10 text-rose">
              <BadgePercent size={24} strokeWidth={1.75} aria-hidden />
            </span>
            <div className="flex flex-col gap-0.5">
              <h2 className="text-sm font-semibold">{n.title}</h2>
              <p className="text-sm text-muted">{n.message}</p>
            </div>
          </li>
        ))}
      </ul>
    </Screen>
  )
}
