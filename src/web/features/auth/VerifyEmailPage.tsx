import { useState } from 'react'
import { Link, useSearchParams } from '../../lib/router'
import { M } from '~/shared/messages'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { FormMessage } from '../../components/Feedback'
import { resendError, resendVerification } from './api'
import { AuthLayout } from './AuthLayout'

export default function VerifyEmailPage() {
  const [params] = useSearchParams()
  const [email, setEmail] = useState(params.get('email') ?? '')
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)

  const resend = async () => {
    setResult(null)
    if (!email.trim()) return setResult({ tone: 'error', text: M.enterYourEmail })
    setPending(true)
    try {
      await resendVerification(email.trim())
      setResult({ tone: 'success', text: M.verificationSent })
    } catch (err) {
      setResult({ tone: 'error', text: resendError(err) })
    } finally {
      setPending(false)
    }
  }

  return (
    <AuthLayout
      title="Check your inbox"
      subtitle={
        <>
          We sent a verification link to <strong className="text-ink">{params.get('email') || 'your e-mail address'}</strong>. Open it to finish creating your account.
        </>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          void resend()
        }}
      >
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
        <Button type="submit" variant="secondary" block pending={pending}>
          {M.resendVerification}
        </Button>
      </form>
      <Link to="/login" className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-ink">
        {M.continueToLogin}
      </Link>
    </AuthLayout>
  )
}
