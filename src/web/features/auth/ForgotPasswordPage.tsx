import { useState } from 'react'
import { Link } from '../../lib/router'
import { ForgotPasswordSchema } from '~/shared/auth'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { FormMessage } from '../../components/Feedback'
import { useForm } from '../../lib/use-form'
import { requestPasswordReset } from './api'
import { AuthLayout } from './AuthLayout'

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false)
  const form = useForm({
    schema: ForgotPasswordSchema,
    initial: { email: '' },
    onSubmit: async ({ email }) => {
      await requestPasswordReset(email)
      setSent(true)
    },
  })
  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your e-mail and we will send you a link to choose a new one.">
      <form onSubmit={form.submit} noValidate className="flex flex-col gap-4">
        <TextField label="Email" type="email" name="email" autoComplete="email" value={form.values.email} error={form.errors.email} onChange={(e) => form.set('email', e.target.value)} />
        {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
        {sent && <FormMessage tone="success">If an account exists for that address, a reset link is on its way. Check your inbox.</FormMessage>}
        <Button type="submit" block pending={form.pending}>
          Send reset link
        </Button>
      </form>
      <Link to="/login" className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-ink">
        Back to login
      </Link>
    </AuthLayout>
  )
}
