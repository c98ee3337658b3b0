import { FIRST_SCREEN_ELEMENT_ID } from '~/shared/html-data'

/** An inlined answer older than this is not used: the screen that needed it has long asked. */
const MAX_AGE_MS = 15_000

let answers = new Map<string, unknown>()
let readAt = 0

/**
 * Reads the answers the server inlined into index.html for the first screen (GET URL → JSON
 * answer). Without that block (the Vite dev server, a screen with no inlined data) `api()` fetches.
 */
export function readInlinedAnswers() {
  const el = document.getElementById(FIRST_SCREEN_ELEMENT_ID)
  if (!el?.textContent) return
  answers = new Map(Object.entries(JSON.parse(el.textContent) as Record<string, unknown>))
  readAt = performance.now()
  el.remove()
}

/** The inlined answer of GET `url`, used once (a refetch asks the server), while it is fresh. */
export function takeInlinedAnswer(url: string): { data: unknown } | undefined {
  if (!answers.has(url)) return undefined
  const data = answers.get(url)
  answers.delete(url)
  return performance.now() - readAt < MAX_AGE_MS ? { data } : undefined
}
