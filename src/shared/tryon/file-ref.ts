/** A bucket name of our own storage. */
export const isStorageBucket = (bucket: string) => /^[a-z0-9-]{1,40}$/.test(bucket)

/** A relative path inside a bucket: 1-300 characters, no empty, `.` or `..` segment, no backslash. */
export const isStoragePath = (path: string) =>
  path.length >= 1 && path.length <= 300 && path.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !s.includes('\\'))

/** `/api/files/<bucket>/<path>` back to a file ref (FileRefSchema's rules), or null for anything else. */
export function fileRefFromUrl(url: string): { bucket: string; path: string } | null {
  const [, bucket, encoded] = /^\/api\/files\/([a-z0-9-]+)\/(.+)$/.exec(url) ?? []
  if (!bucket || !encoded) return null
  let path: string
  try {
    path = decodeURIComponent(encoded)
  } catch {
    return null
  }
  return isStorageBucket(bucket) && isStoragePath(path) ? { bucket, path } : null
}
