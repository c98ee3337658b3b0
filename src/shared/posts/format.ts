/**
 * Spec part 1 §9: like counts of 1000 or more are shown as thousands,remainder (1234 -> '1,234',
 * 1000 -> '1,000', 1234567 -> '1234,567'); smaller counts as they are.
 */
export function formatLikeCount(n: number) {
  const count = Math.max(0, Math.floor(n))
  if (count < 1000) return String(count)
  return `${Math.floor(count / 1000)},${String(count % 1000).padStart(3, '0')}`
}

/** A short relative time for cards and comments ('now', '5m', '3h', '2d', then the date). */
export function timeAgo(iso: string, now = Date.now()) {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000))
  if (seconds < 60) return 'now'
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h`
  if (seconds < 7 * 86400) return `${Math.floor(seconds / 86400)}d`
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
}
