import { useState } from 'react'
import { AtSign, Menu } from 'lucide-react'
import { Link } from '../../lib/router'
import { PM } from '~/shared/profiles/messages'
import { IconButton } from '../../components/Button'
import { EmptyState } from '../../components/Feedback'
import { TopBar } from '../../components/Layout'
import { TabScreen } from '../../components/TabBar'
import { useMyProfile } from './api'
import { MyProfileGate } from './MyProfileGate'
import { ProfileMenu } from './ProfileMenu'
import { ProfileHeader, ProfilePosts, profileSummaryOf } from './ProfileView'

const editLink = 'inline-flex min-h-11 flex-1 items-center justify-center rounded-full border border-hairline text-sm font-semibold hover:bg-sunken'

/** The signed-in user's own profile (spec part 1 §2), with real counts and posts. */
export default function ProfilePage() {
  const q = useMyProfile()
  const [menu, setMenu] = useState(false)
  const [tabKey, setTabKey] = useState<'grid' | 'saved'>('grid')
  return (
    <TabScreen>
      <TopBar
        title={q.data?.username ?? ''}
        actions={
          <IconButton label="Menu" onClick={() => setMenu(true)}>
            <Menu size={24} strokeWidth={1.75} />
          </IconButton>
        }
      />
      <MyProfileGate>
        {(profile) => (
          <>
            <ProfileHeader
              highlights
              profile={profileSummaryOf(profile)}
              actions={
                <Link to="/profile/edit" className={editLink}>
                  {PM.editProfile}
                </Link>
              }
            />
            {profile.username ? (
              <ProfilePosts key={tabKey} username={profile.username} own initialTab={tabKey} />
            ) : (
              <EmptyState icon={AtSign} title="Choose a username to share your posts." action={<Link to="/profile/edit" className={editLink}>{PM.editProfile}</Link>} />
            )}
          </>
        )}
      </MyProfileGate>
      <ProfileMenu open={menu} onClose={() => setMenu(false)} onSaved={() => setTabKey('saved')} />
    </TabScreen>
  )
}
