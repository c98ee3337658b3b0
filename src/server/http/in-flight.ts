/**
 * Counts the requests a fetch handler is working on, so that shutdown can wait for them: a client
 * that hung up leaves its socket closed while the handler still runs (and uses the database).
 */
export function trackInFlight<A extends unknown[]>(fetch: (...args: A) => Response | Promise<Response>) {
  let count = 0
  const waiting = new Set<() => void>()
  return {
    fetch: async (...args: A) => {
      count++
      try {
        return await fetch(...args)
      } finally {
        if (--count === 0) for (const resolve of waiting) resolve()
      }
    },
    /** Resolves once no request is being handled. */
    idle: () =>
      count === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => (waiting.delete(done), resolve())
            waiting.add(done)
          }),
  }
}
