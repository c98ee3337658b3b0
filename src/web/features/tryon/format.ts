const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number) => String(n).padStart(2, '0')

/** 'MMM dd, HH:mm' in local time (spec part 2 §9), e.g. 'Nov 02, 14:05'. */
export function formatHistoryDate(iso: string) {
  const d = new Date(iso)
  return `${MONTHS[d.getMonth()]} ${pad(d.getDate())}, ${pad(d.getHours())}:${pad(d.getMinutes())}`
}
