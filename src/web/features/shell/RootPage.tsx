import { Navigate } from '../../lib/router'
import { M } from '~/shared/messages'
import { Screen } from '../../components/Layout'
import { useSession } from '../../lib/session'

/** '/' and '/placeholder': 'Loading...', then /feed or /login. */
export default function RootPage() {
  const { status } = useSession()
  if (status === 'loading') return <FullScreenStatus text={M.loading} />
  return <Navigate to={status === 'signed-in' ? '/feed' : '/login'} replace />
}

export function FullScreenStatus({ text }: { text: string }) {
  return (
    <Screen className="items-center justify-center">
      <p role="status" className="animate-shimmer text-sm text-muted">
        {text}
      </p>
    </Screen>
  )
}
