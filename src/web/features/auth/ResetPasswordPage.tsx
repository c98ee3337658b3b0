import { useState } from 'react'
import { Link, useSearchParams } from '../../lib/router'
import { ResetPasswordSchema } from '~/shared/auth'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { FormMessage } from '../../components/Feedback'
import { useForm } from '../../lib/use-form'
import { resetPassword } from './api'
import { AuthLayout } from './AuthLayout'

export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const [done, setDone] = useState(false)
  const form = useForm({
    schema: ResetPasswordSchema,
    initial: { token: params.get('token') ?? '', password: '', confirmPassword: '' },
    onSubmit: async (values) => {
      await resetPassword(values)
      setDone(true)
    },
  })
  if (done) {
    return (
      <AuthLayout title="Password changed" subtitle="Your new password is set. Sign in with it now.">
        <Link to="/login" className="inline-flex min-h-11 items-center justify-center rounded-full bg-rose px-5 text-sm font-semibold text-on-accent">
          Go to login
        </Link>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title="Choose a new password">
      <form onSubmit={form.submit} noValidate className="flex flex-col gap-4">
        <TextField label="New password" type="password" name="password" autoComplete="new-password" value={form.values.password} error={form.errors.password} onChange={(e) => form.set('password', e.target.value)} />
        <TextField label="Confirm new password" type="password" name="confirmPassword" autoComplete="new-password" value={form.values.confirmPassword} error={form.errors.confirmPassword} onChange={(e) => form.set('confirmPassword', e.target.value)} />
        {(form.formError || form.errors.token) && <FormMessage tone="error">{form.formError ?? 'This reset link is invalid. Ask for a new one.'}</FormMessage>}
        <Button type="submit" block pending={form.pending}>
          Set new password
        </Button>
      </form>
    </AuthLayout>
  )
}
