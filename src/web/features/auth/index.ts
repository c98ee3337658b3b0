/** The auth feature's public face for other features. */
export { SignOutButton } from './SignOutButton'
