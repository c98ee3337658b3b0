/** Runs `fn` on every item, at most `limit` at a time (workers take the next item as they finish one). */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  const queue = items.values()
  const worker = async () => {
    for (const item of queue) await fn(item)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}
