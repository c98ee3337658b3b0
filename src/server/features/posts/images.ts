import crypto from 'node:crypto'
import { FM } from '~/shared/posts/messages'
import { last } from '~/shared/lists'
import { POST_IMAGE_ASPECT, POST_IMAGE_WIDTHS } from '~/shared/posts/schemas'
import { badRequest } from '../../http/errors'
import type { Platform } from '../../platform'
import { processUpload } from '../../platform/images'
import { logger } from '../../platform/logger'
import { claimUpload, holdUpload } from '../../platform/pending-uploads'
import { FILES_PREFIX } from '../../platform/storage'

/**
 * Published post images live in the public `posts` bucket. Photos uploaded for a post that is not
 * published yet live in `post-drafts`, photos kept in the user's photo library in `library`; both
 * are owner-only (file-access.ts: any bucket without a rule is readable only by the user whose id
 * is the key's second segment).
 */
const BUCKETS = ['posts', 'post-drafts', 'library'] as const
type Bucket = (typeof BUCKETS)[number]
const isBucket = (s: string | undefined): s is Bucket => BUCKETS.some((b) => b === s)
type ImageRef = { bucket: Bucket; userId: string; id: string; width: number }

const LARGEST = last(POST_IMAGE_WIDTHS)
const VARIANT = /^\/api\/files\/(posts|post-drafts|library)\/([\w-]+)\/([\w-]+)-w(\d+)\.webp$/

/** An uploaded post image's parts from its URL, or null for any other URL (or a width never stored). */
function parse(url: string): ImageRef | null {
  const [, bucket, userId, id, w] = VARIANT.exec(url) ?? []
  const width = POST_IMAGE_WIDTHS.find((known) => known === Number(w))
  return isBucket(bucket) && userId && id && width ? { bucket, userId, id, width } : null
}
const keyOf = (ref: Omit<ImageRef, 'width'>, width: number) => `${ref.bucket}/${ref.userId}/${ref.id}-w${width}.webp`
const keysOf = (ref: Omit<ImageRef, 'width'>) => POST_IMAGE_WIDTHS.map((w) => keyOf(ref, w))

/** The srcset of an uploaded post image (its stored width variants), or null for other images. */
export function srcSetOf(url: string) {
  const ref = parse(url)
  return ref ? POST_IMAGE_WIDTHS.map((w) => `${FILES_PREFIX}${keyOf(ref, w)} ${w}w`).join(', ') : null
}

/** Storage keys of every variant of an uploaded post image. */
export function variantKeysOf(url: string) {
  const ref = parse(url)
  return ref ? keysOf(ref) : []
}

/** True when `url` is one of the user's own published post images. */
export function isOwnUpload(url: string, userId: string) {
  const ref = parse(url)
  return ref?.bucket === 'posts' && ref.userId === userId
}

/**
 * Stores a photo for a post: checked by content, cropped to 4:5, stripped of metadata and
 * re-encoded as WebP at each card width under `{bucket}/{userId}/{id}-w{width}.webp`.
 */
async function storeImage(p: Pick<Platform, 'storage'>, bucket: Bucket, userId: string, file: Buffer) {
  const image = await processUpload(file, { widths: [...POST_IMAGE_WIDTHS], aspect: POST_IMAGE_ASPECT, quality: 72 })
  const ref = { bucket, userId, id: crypto.randomUUID() }
  await Promise.all(image.variants.map((v) => p.storage.put(keyOf(ref, v.requested), v.data, v.contentType)))
  const url = p.storage.url(keyOf(ref, LARGEST))
  return { ref, url, srcSet: srcSetOf(url), bytes: image.variants.reduce((sum, v) => sum + v.data.length, 0) }
}

/** Stores a photo straight into the public bucket, for posts published at once (demo data, try-on results). */
export async function storePostImage(p: Pick<Platform, 'storage'>, userId: string, file: Buffer) {
  const { url, srcSet } = await storeImage(p, 'posts', userId, file)
  return { url, srcSet }
}

/** Stores a photo for a post still being written: private to the uploader, deleted after a day unless published. */
export async function storeDraftImage(p: Pick<Platform, 'storage' | 'db'>, userId: string, file: Buffer) {
  const { ref, url, srcSet } = await storeImage(p, 'post-drafts', userId, file)
  await holdUpload(p.db, userId, keyOf(ref, LARGEST), keysOf(ref))
  return { url, srcSet }
}

/** Stores a photo in the user's photo library (owner-only); the caller records it under the returned id. */
export async function storeLibraryImage(p: Pick<Platform, 'storage'>, userId: string, file: Buffer) {
  const { ref, url, srcSet, bytes } = await storeImage(p, 'library', userId, file)
  return { id: ref.id, url, srcSet, bytes, keys: keysOf(ref) }
}

/** The URL (largest width) and the storage keys of every variant of a library photo. */
export function libraryImage(p: Pick<Platform, 'storage'>, userId: string, id: string) {
  const ref = { bucket: 'library', userId, id } as const
  const url = p.storage.url(keyOf(ref, LARGEST))
  return { url, srcSet: srcSetOf(url), keys: keysOf(ref) }
}

/** The photo id behind a post image URL of the user's own (library photos are published under their own id). */
export function uploadIdOf(url: string) {
  return parse(url)?.id ?? null
}

const notYourImage = () => badRequest(FM.notYourImage, { images: FM.notYourImage })

/**
 * Publishes a post whose images are the user's drafts, library photos or already published
 * photos: drafts and library photos are copied to the public bucket under the same id, `publish`
 * saves the post with the public URLs, then the drafts are deleted (library photos stay in the
 * library until the user deletes them). When `publish` fails the copies are removed and the
 * drafts stay. Anyone else's image, or one that does not exist, is a 400.
 */
export async function publishPostImages<T>(p: Pick<Platform, 'storage' | 'db'>, userId: string, urls: string[], publish: (imageUrls: string[]) => Promise<T>) {
  const refs = urls.map((url) => {
    const ref = parse(url)
    if (!ref || ref.userId !== userId) throw notYourImage()
    return ref
  })
  const unpublished = [...new Map(refs.filter((r) => r.bucket !== 'posts').map((r) => [r.id, r])).values()]
  for (const ref of refs.filter((r) => r.bucket === 'posts')) {
    if (!(await p.storage.has(keyOf(ref, ref.width)))) throw notYourImage()
  }
  const copies: string[] = []
  let result: T
  try {
    const copied = await Promise.allSettled(
      unpublished.flatMap((source) =>
        POST_IMAGE_WIDTHS.map(async (width) => {
          const object = await p.storage.get(keyOf(source, width))
          if (!object) throw notYourImage()
          const target = keyOf({ ...source, bucket: 'posts' }, width)
          // A library photo posted before is already public: its copy is another post's image, never rolled back here.
          if (source.bucket === 'library' && (await p.storage.get(target))) return
          await p.storage.put(target, object.body, object.contentType)
          copies.push(target)
        }),
      ),
    )
    const failed = copied.find((r) => r.status === 'rejected')
    if (failed) throw failed.reason
    result = await publish(refs.map((ref) => p.storage.url(keyOf({ ...ref, bucket: 'posts' }, ref.width))))
  } catch (err) {
    await Promise.allSettled(copies.map((key) => p.storage.delete(key)))
    throw err
  }
  await discardDrafts(p, userId, unpublished.filter((r) => r.bucket === 'post-drafts'))
  return result
}

/** Deletes published drafts' files, then their pending rows (a failure leaves them to the sweep). */
async function discardDrafts(p: Pick<Platform, 'storage' | 'db'>, userId: string, drafts: ImageRef[]) {
  try {
    await Promise.all(drafts.flatMap(keysOf).map((key) => p.storage.delete(key)))
    await Promise.all(drafts.map((draft) => claimUpload(p.db, userId, keyOf(draft, LARGEST))))
  } catch (err) {
    logger.warn('published drafts not deleted', { err })
  }
}
