/**
 * Only same-app paths may be returned to after sign-in. (In lib, not the auth feature: the guards
 * use it, and the auth feature's index would bring its sign-out button into the entry.)
 */
export function safeRedirect(target: string | null | undefined, fallback = '/feed') {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  if (/^\/(login|register)(\/|\?|$)/.test(target)) return fallback
  return target
}
