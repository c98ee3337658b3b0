/**
 * Sends `send(i)` until an answer is not a success, for a per-user limit of `max` in a fixed
 * window: at most `2 * max + 1` tries, since the window may roll over once during the loop.
 * Answers how many were accepted and the first refusal (or the last success).
 */
export async function floodUntilRefused<A extends { status: number }>(max: number, send: (i: number) => Promise<A>) {
  let accepted = 0
  for (;;) {
    const last = await send(accepted)
    if (last.status >= 300 || accepted >= 2 * max) return { accepted, last }
    accepted++
  }
}
