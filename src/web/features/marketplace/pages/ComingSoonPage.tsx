import { Construction } from 'lucide-react'
import { useLocation } from '../../../lib/router'
import { MT } from '~/shared/marketplace/messages'
import { EmptyState } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'

const TITLES: Record<string, string> = {
  '/profile/settings': 'Settings',
  '/profile/payment': 'Payment Methods',
}

/** The spec's 'coming soon' placeholders: Settings and Payment Methods (Vouchers are real, PRODUCT.md §6). */
export default function ComingSoonPage() {
  const { pathname } = useLocation()
  const title = TITLES[pathname] ?? 'Coming soon'
  return (
    <Screen>
      <TopBar title={title} back="/marketplace/profile" />
      <EmptyState icon={Construction} title={`${title} ${MT.comingSoon}`} />
    </Screen>
  )
}
