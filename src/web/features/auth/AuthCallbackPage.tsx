import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
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
  const [error, setError] = useState<string | null>(() => {
    const code = params.get('error')
    return code ? (backendMessages[code.toLowerCase()] ?? M.couldNotCompleteVerification) : null
  })
  const [checked, setChecked] = useState(false)

  useEffect(() => {
    if (error) return
    refresh()
      .then(() => setChecked(true))
      .catch(() => setError(M.couldNotCompleteSignIn))
  }, [error, refresh])

  useEffect(() => {
    if (error || !checked || session.status === 'loading') return
    if (session.status === 'signed-in') navigate('/feed', { replace: true })
    else setError(M.noVerificationData)
  }, [checked, error, navigate, session.status])

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
