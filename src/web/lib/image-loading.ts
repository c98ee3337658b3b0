/**
 * Loading attributes of an <img>: one above the fold (the likely largest paint) is fetched at once
 * with high priority; any other waits until it nears the viewport and decodes off the main thread.
 */
export const imageLoading = (aboveTheFold: boolean | undefined) =>
  aboveTheFold ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const)
