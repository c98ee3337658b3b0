/**
 * How soon an <img> loads: `high` is the likely largest paint (fetched at once, before other
 * images), `eager` is in the first viewport, `lazy` waits until it nears the viewport and decodes
 * off the main thread.
 */
export type ImagePriority = 'high' | 'eager' | 'lazy'

export const imageLoading = (priority: ImagePriority) =>
  priority === 'high'
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : priority === 'eager'
      ? ({ loading: 'eager' } as const)
      : ({ loading: 'lazy', decoding: 'async' } as const)

/** The priority of the `index`-th image of a list whose first `inView` images show before scrolling. */
export const listImagePriority = (index: number, inView: number): ImagePriority => (index === 0 ? 'high' : index < inView ? 'eager' : 'lazy')
