import type { ComponentType } from 'react'

/**
 * One entry of the route table. `protected` needs a signed-in user (anonymous visitors go to
 * /login and come back after); `guest` is for screens a signed-in user skips (login, register).
 */
export type AppRoute = {
  path: string
  access: 'public' | 'protected' | 'guest'
  Component: ComponentType
}
