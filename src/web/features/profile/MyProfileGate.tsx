import type { ReactNode } from 'react'
import { PM } from '~/shared/profiles/messages'
import type { Profile } from '~/shared/profiles/schemas'
import { ErrorState } from '../../components/Feedback'
import { errorMessage } from '../../lib/api'
import { useMyProfile } from './api'

/** The signed-in user's profile once it has loaded; until then the spec's loading line, or the error with Retry. */
export function MyProfileGate({ children }: { children: (profile: Profile) => ReactNode }) {
  const q = useMyProfile()
  if (q.isPending)
    return (
      <p role="status" className="p-8 text-center text-sm text-muted">
        {PM.loadingProfile}
      </p>
    )
  if (q.isError) return <ErrorState message={errorMessage(q.error, 'Could not load your profile.')} onRetry={() => q.refetch()} />
  return children(q.data)
}
