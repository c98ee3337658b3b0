import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from '../../lib/router'
import type { SignInInput } from '~/shared/auth'
import { SOCIAL_PROVIDERS } from '~/shared/social-providers'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { FormMessage } from '../../components/Feedback'
import { errorMessage } from '../../lib/api'
import { useRefreshSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { useForm } from '../../lib/use-form'
import { signIn, signInError, socialProviders, startSocialSignIn } from './api'
import { AuthLayout } from './AuthLayout'
import { safeRedirect } from '../../lib/safe-redirect'

export default function LoginPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const refresh = useRefreshSession()
  // The buttons draw with the form; whether each is configured comes with the answer (inlined in the HTML).
  const providers = useQuery({ queryKey: ['auth-providers'], queryFn: socialProviders, staleTime: Infinity })
  const configured = (id: string) => providers.data?.providers.find((p) => p.id === id)?.enabled
  const form = useForm<SignInInput>({
    initial: { email: '', password: '' },
    errorMessage: signInError,
    onSubmit: async (values) => {
      await signIn(values)
      await refresh()
      navigate(safeRedirect(params.get('redirect')), { replace: true })
    },
  })
  const social = async (id: string) => {
    try {
      window.location.assign((await startSocialSignIn(id)).url)
    } catch (err) {
      toast.error(errorMessage(err, 'Could not sign in.'))
    }
  }
  const empty = !form.values.email || !form.values.password

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your Drape account.">
      <form onSubmit={form.submit} noValidate className="flex flex-col gap-4">
        <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" value={form.values.email} onChange={(e) => form.set('email', e.target.value)} />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" value={form.values.password} onChange={(e) => form.set('password', e.target.value)} />
        <div className="-mt-2 text-right">
          <Link to="/forgot-password" className="inline-flex min-h-11 items-center text-sm font-semibold text-ink">
            Forgot password?
          </Link>
        </div>
        {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
        <Button type="submit" block disabled={empty} pending={form.pending}>
          {form.pending ? 'Signing in...' : 'Log in'}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-xs text-muted" role="separator">
        <span className="h-px flex-1 bg-hairline" />
        OR
        <span className="h-px flex-1 bg-hairline" />
      </div>
      <div className="flex flex-col gap-2">
        {SOCIAL_PROVIDERS.map((p) => {
          const enabled = configured(p.id)
          return (
            <Button key={p.id} variant="secondary" block disabled={!enabled} title={enabled === false ? `${p.label} sign-in is not configured` : undefined} onClick={() => social(p.id)}>
              Continue with {p.label}
            </Button>
          )
        })}
      </div>
      <p className="text-center text-sm text-muted">
        New to Drape?{' '}
        <Link to="/register" className="font-semibold text-ink">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  )
}
