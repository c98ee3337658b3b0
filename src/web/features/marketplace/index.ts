/** The marketplace feature's public face for other features. */
export { keys as productKeys, setLike } from './api'
