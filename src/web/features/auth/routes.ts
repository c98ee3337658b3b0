import { lazy } from 'react'
import type { AppRoute } from '../../routing'

export const authRoutes: AppRoute[] = [
  { path: '/login', access: 'guest', Component: lazy(() => import('./LoginPage')) },
  { path: '/register', access: 'guest', Component: lazy(() => import('./RegisterPage')) },
  { path: '/verify-email', access: 'public', Component: lazy(() => import('./VerifyEmailPage')) },
  { path: '/auth/callback', access: 'public', Component: lazy(() => import('./AuthCallbackPage')) },
  { path: '/forgot-password', access: 'public', Component: lazy(() => import('./ForgotPasswordPage')) },
  { path: '/reset-password', access: 'public', Component: lazy(() => import('./ResetPasswordPage')) },
]
