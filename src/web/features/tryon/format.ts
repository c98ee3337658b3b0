const PARTS = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** 'MMM dd, HH:mm' in local time (spec part 2 §9), e.g. 'Nov 02, 14:05'. */
export function formatHistoryDate(iso: string) {
  const part = Object.fromEntries(PARTS.formatToParts(new Date(iso)).map((p) => [p.type, p.value]))
  return `${part.month} ${part.day}, ${part.hour}:${part.minute}`
}
