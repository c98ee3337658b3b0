import { UserX } from 'lucide-react'
import { Navigate, useNavigate, useParams } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { PM } from '~/shared/profiles/messages'
import { Button } from '../../components/Button'
import { EmptyState, ErrorState } from '../../components/Feedback'
import { Screen, TopBar } from '../../components/Layout'
import { ApiRequestError, errorMessage } from '../../lib/api'
import { conversationPath } from '../social/links'
import { useFollowToggle, usePublicProfile } from './api'
import { ProfileHeader, ProfilePosts } from './ProfileView'

/** Another user's profile at /u/{username}, with Follow / Unfollow. One's own goes to /profile. */
export default function UserProfilePage() {
  const username = useParams().username!.toLowerCase()
  const q = usePublicProfile(username)
  const follow = useFollowToggle(username)
  const navigate = useNavigate()
  const p = q.data
  if (p?.is_me) return <Navigate to="/profile" replace />
  return (
    <Screen tabBar>
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
            profile={{
              username: p!.username,
              name: p!.display_name ?? username,
              bio: p!.bio,
              avatarUrl: p!.avatar_url,
              postsCount: p!.posts_count,
              followersCount: p!.followers_count,
              followingCount: p!.following_count,
            }}
            actions={
              <>
                <Button block variant={p!.is_following ? 'secondary' : 'primary'} aria-pressed={p!.is_following} onClick={() => follow.mutate(!p!.is_following)}>
                  {p!.is_following ? PM.unfollow : PM.follow}
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
    </Screen>
  )
}
