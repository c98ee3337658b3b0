/** The profile feature's public face for other features. */
export { useMyProfile } from './api'
