import { Screen, TopBar } from '../../components/Layout'
import { useSession } from '../../lib/session'
import { SignOutButton } from '../auth/SignOutButton'

export default function ProfilePage() {
  const { user } = useSession()
  return (
    <Screen tabBar>
      <TopBar title={user?.email} />
      <div className="p-4">
        <SignOutButton />
      </div>
    </Screen>
  )
}
