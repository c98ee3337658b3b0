import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from '../../lib/router'
import { M } from '~/shared/messages'
import { useRefreshSession, useSession } from '../../lib/session'
import { AuthLayout } from './AuthLayout'

const backendMessages: Record<string, string> = {
  invalid_token: M.verificationLinkInvalid,
  token_expired: M.verificationLinkExpired,
  user_not_found: M.couldNotCompleteVerification,
}

const linkClass = 'inline-flex min-h-11 items-center justify-center rounded-full px-5 text-sm font-semibold'

/** Where the verification link lands: the server has verified and signed the user in (cookie). */
export default function AuthCallbackPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const refresh = useRefreshSession()
  const session = useSession()
  const errorCode = params.get('error')?.toLowerCase() ?? null
  const linkError = errorCode ? (backendMessages[errorCode] ?? M.couldNotCompleteVerification) : null
  // Only a link that reached the server (the `link` marker) and still left us signed out was used before.
  const fromMailedLink = params.get('link') === 'verify'
  const [refresh_, setRefresh] = useState<'pending' | 'done' | 'failed'>('pending')

  useEffect(() => {
    if (linkError) return
    refresh()
      .then(() => setRefresh('done'))
      .catch(() => setRefresh('failed'))
  }, [linkError, refresh])

  const signedIn = refresh_ === 'done' && session.status === 'signed-in'
  useEffect(() => {
    if (signedIn) navigate('/feed', { replace: true })
  }, [navigate, signedIn])

  const signedOutAfterRefresh = refresh_ === 'done' && session.status === 'signed-out'
  const error =
    linkError ??
    (refresh_ === 'failed' ? M.couldNotCompleteSignIn : signedOutAfterRefresh ? (fromMailedLink ? M.verificationLinkUsed : M.noVerificationData) : null)

  if (!error) {
    return (
      <AuthLayout title={M.completingVerification}>
        <p className="sr-only" role="status">
          {M.completingVerification}
        </p>
      </AuthLayout>
    )
  }
  const offerNewLink = errorCode === 'invalid_token' || errorCode === 'token_expired'
  return (
    <AuthLayout title={M.verificationError} subtitle={error}>
      <Link to="/login" className={`${linkClass} bg-rose text-on-accent`}>
        {M.goToLogin}
      </Link>
      {offerNewLink && (
        <Link to="/verify-email" className={`${linkClass} border border-hairline`}>
          {M.sendNewLink}
        </Link>
      )}
    </AuthLayout>
  )
}
