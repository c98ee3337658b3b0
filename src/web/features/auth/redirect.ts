/** Only same-app paths may be returned to after sign-in. */
export function safeRedirect(target: string | null | undefined, fallback = '/feed') {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  if (/^\/(login|register)(\/|\?|$)/.test(target)) return fallback
  return target
}
