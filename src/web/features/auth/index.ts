/** The auth feature's public face for other features. */
export { safeRedirect } from './redirect'
export { SignOutButton } from './SignOutButton'
