import { Construction } from 'lucide-react'
import { EmptyState } from '../../components/Feedback'
import { Screen, TopBar } from '../../components/Layout'

/** A titled screen for a route whose feature has not landed yet. */
export function titledPage(title: string) {
  return function TitledPage() {
    return (
      <Screen>
        <TopBar title={title} back />
        <EmptyState icon={Construction} title={`${title} is on its way.`} />
      </Screen>
    )
  }
}
