import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { FM } from '~/shared/posts/messages'
import { AvatarUploadSchema, ProfileSchema, PublicProfileSchema, type ProfileFormInput, type PublicProfile } from '~/shared/profiles/schemas'
import { api, errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { setFollowing } from '../social'

export const profileKeys = {
  all: ['profile'] as const,
  me: ['profile', 'me'] as const,
  user: (username: string) => ['profile', 'user', username] as const,
}

export const useMyProfile = () => useQuery({ queryKey: profileKeys.me, queryFn: () => api('/profile', { schema: ProfileSchema }) })

export const usePublicProfile = (username: string) =>
  useQuery({ queryKey: profileKeys.user(username), queryFn: () => api(`/profiles/${encodeURIComponent(username)}`, { schema: PublicProfileSchema }) })

/**
 * Saves the profile. A new username, name or avatar shows on user cards all over the app (posts,
 * comments, messages, activity, search, stories, live), so every cached query is marked stale:
 * the screens on view refetch now, the others when they are next shown.
 */
export async function saveProfile(qc: QueryClient, values: ProfileFormInput) {
  const saved = await api('/profile', { method: 'PUT', body: values, schema: ProfileSchema })
  qc.setQueryData(profileKeys.me, saved)
  void qc.invalidateQueries({ predicate: (q) => !(q.queryKey[0] === profileKeys.me[0] && q.queryKey[1] === profileKeys.me[1]) })
  return saved
}

export function uploadAvatar(file: File) {
  const body = new FormData()
  body.set('file', file)
  return api('/profile/avatar', { body, schema: AvatarUploadSchema })
}

/** Optimistic follow / unfollow of `username`, with rollback and a toast on failure. */
export function useFollowToggle(username: string) {
  const qc = useQueryClient()
  const key = profileKeys.user(username)
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(username, follow),
    onMutate: async (follow) => {
      await qc.cancelQueries({ queryKey: key })
      const before = qc.getQueryData<PublicProfile>(key)
      if (before && before.is_following !== follow) {
        qc.setQueryData<PublicProfile>(key, { ...before, is_following: follow, followers_count: Math.max(0, before.followers_count + (follow ? 1 : -1)) })
      }
      return { before }
    },
    onSuccess: (res) => {
      qc.setQueryData<PublicProfile>(key, (p) => (p ? { ...p, is_following: res.following, followers_count: res.followersCount } : p))
      void qc.invalidateQueries({ queryKey: profileKeys.me })
      void qc.invalidateQueries({ queryKey: ['posts', 'feed'] })
    },
    onError: (err, _follow, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before)
      toast.error(errorMessage(err, FM.couldNotFollow))
    },
  })
}
