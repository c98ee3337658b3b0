import { UserX } from 'lucide-react'
import { Navigate, useNavigate, useParams } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { PM } from '~/shared/profiles/messages'
import { Button } from '../../components/Button'
import { EmptyState, ErrorState } from '../../components/Feedback'
import { TopBar } from '../../components/Layout'
import { TabScreen } from '../../components/TabBar'
import { ApiRequestError, errorMessage } from '../../lib/api'
import { conversationPath } from '../social'
import { useFollowToggle, usePublicProfile } from './api'
import { ProfileHeader, ProfilePosts, profileSummaryOf } from './ProfileView'

/** Another user's profile at /u/{username}, with Follow / Unfollow. One's own goes to /profile. */
export default function UserProfilePage() {
  const username = (useParams().username ?? '').toLowerCase()
  const q = usePublicProfile(username)
  const follow = useFollowToggle(username)
  const navigate = useNavigate()
  if (q.data?.is_me) return <Navigate to="/profile" replace />
  return (
    <TabScreen>
      <TopBar title={username} back />
      {q.isPending ? (
        <p role="status" className="p-8 text-center text-sm text-muted">
          {PM.loadingProfile}
        </p>
      ) : q.isError ? (
        q.error instanceof ApiRequestError && (q.error.status === 404 || q.error.status === 400) ? (
          <EmptyState icon={UserX} title={PM.profileNotFound} />
        ) : (
          <ErrorState message={errorMessage(q.error, 'Could not load this profile.')} onRetry={() => q.refetch()} />
        )
      ) : (
        <>
          <ProfileHeader
            profile={profileSummaryOf(q.data)}
            actions={
              <>
                <Button block variant={q.data.is_following ? 'secondary' : 'primary'} aria-pressed={q.data.is_following} onClick={() => follow.mutate(!q.data.is_following)}>
                  {q.data.is_following ? PM.unfollow : PM.follow}
                </Button>
                <Button block variant="secondary" onClick={() => navigate(conversationPath(username))}>
                  {SM.message}
                </Button>
              </>
            }
          />
          <ProfilePosts username={username} />
        </>
      )}
    </TabScreen>
  )
}
