import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from '../../lib/router'
import { M } from '~/shared/messages'
import { useRefreshSession, useSession } from '../../lib/session'
import { AuthLayout } from './AuthLayout'

const backendMessages: Record<string, string> = {
  invalid_token: 'This verification link is invalid or has expired. Ask for a new one on the login screen.',
  token_expired: 'This verification link has expired. Ask for a new one on the login screen.',
  user_not_found: M.couldNotCompleteVerification,
}

/** Where the verification link lands: the server has verified and signed the user in (cookie). */
export default function AuthCallbackPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const refresh = useRefreshSession()
  const session = useSession()
  const linkError = (() => {
    const code = params.get('error')
    return code ? (backendMessages[code.toLowerCase()] ?? M.couldNotCompleteVerification) : null
  })()
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

  const error =
    linkError ?? (refresh_ === 'failed' ? M.couldNotCompleteSignIn : refresh_ === 'done' && session.status === 'signed-out' ? M.noVerificationData : null)

  if (!error) {
    return (
      <AuthLayout title={M.completingVerification}>
        <p className="sr-only" role="status">
          {M.completingVerification}
        </p>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title={M.verificationError} subtitle={error}>
      <Link to="/login" className="inline-flex min-h-11 items-center justify-center rounded-full bg-rose px-5 text-sm font-semibold text-white">
        {M.goToLogin}
      </Link>
    </AuthLayout>
  )
}
