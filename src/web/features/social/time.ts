const UNITS: [number, string][] = [
  [60, 's'],
  [60, 'm'],
  [24, 'h'],
  [7, 'd'],
  [Number.POSITIVE_INFINITY, 'w'],
]

/** Compact age of a timestamp: 'now', '5m', '3h', '2d', '4w'. */
export function timeAgo(iso: string, now = Date.now()) {
  let value = Math.max(0, (now - Date.parse(iso)) / 1000)
  if (value < 45) return 'now'
  for (const [size, unit] of UNITS) {
    if (value < size) return `${Math.floor(value)}${unit}`
    value /= size
  }
  return ''
}
