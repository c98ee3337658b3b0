import { Link, useNavigate } from '../../lib/router'
import { SignUpSchema } from '~/shared/auth'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { FormMessage } from '../../components/Feedback'
import { useForm } from '../../lib/use-form'
import { register, signUpError } from './api'
import { AuthLayout } from './AuthLayout'

export default function RegisterPage() {
  const navigate = useNavigate()
  const form = useForm({
    schema: SignUpSchema,
    initial: { email: '', password: '', confirmPassword: '' },
    errorMessage: signUpError,
    onSubmit: async (values) => {
      await register(values)
      navigate(`/verify-email?email=${encodeURIComponent(values.email)}`)
    },
  })
  return (
    <AuthLayout title="Create your account" subtitle="Browse, try on and share dresses.">
      <form onSubmit={form.submit} noValidate className="flex flex-col gap-4">
        <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" value={form.values.email} error={form.errors.email} onChange={(e) => form.set('email', e.target.value)} />
        <TextField label="Password" type="password" name="password" autoComplete="new-password" hint="At least 8 characters" value={form.values.password} error={form.errors.password} onChange={(e) => form.set('password', e.target.value)} />
        <TextField label="Confirm password" type="password" name="confirmPassword" autoComplete="new-password" value={form.values.confirmPassword} error={form.errors.confirmPassword} onChange={(e) => form.set('confirmPassword', e.target.value)} />
        {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
        <Button type="submit" block pending={form.pending}>
          {form.pending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-ink">
          Log in
        </Link>
      </p>
    </AuthLayout>
  )
}
