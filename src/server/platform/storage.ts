import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { Config } from '../config'

export type StoredObject = { body: Buffer; contentType: string }

/** Object storage by key (`bucket/path`): the local disk by default, S3-compatible at scale. */
export type Storage = {
  kind: 'local' | 's3'
  put(key: string, body: Buffer, contentType: string): Promise<void>
  get(key: string): Promise<StoredObject | null>
  /** Whether an object is stored under `key`, without reading it. */
  has(key: string): Promise<boolean>
  delete(key: string): Promise<void>
  /** The URL the app serves the object at (always our own origin, never the bucket's). */
  url(key: string): string
  check(): Promise<void>
}

export const FILES_PREFIX = '/api/files/'

const safeKey = (key: string) => {
  const parts = key.split('/')
  if (!key || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))) {
    throw new Error(`Invalid storage key: ${key}`)
  }
  return key
}

export function createStorage(config: Config): Storage {
  return config.S3_ENDPOINT ? s3Storage(config) : localStorage(path.join(config.dataDir, 'storage'))
}

/**
 * Writes a file whole or not at all: a uniquely named temporary file renamed over the target, so
 * that concurrent writers of one key (in this process or another) never share a temporary file and
 * readers see the old or the new content, never a part.
 */
async function replaceFile(target: string, data: Buffer | string) {
  const tmp = `${target}.${randomUUID()}.tmp`
  try {
    await fs.writeFile(tmp, data)
    await fs.rename(tmp, target)
  } catch (err) {
    await fs.rm(tmp, { force: true })
    throw err
  }
}

function localStorage(root: string): Storage {
  const file = (key: string) => path.join(root, safeKey(key))
  return {
    kind: 'local',
    async put(key, body, contentType) {
      const target = file(key)
      await fs.mkdir(path.dirname(target), { recursive: true })
      await replaceFile(`${target}.type`, contentType)
      await replaceFile(target, body)
    },
    async get(key) {
      const target = file(key)
      try {
        const [body, contentType] = await Promise.all([
          fs.readFile(target),
          fs.readFile(`${target}.type`, 'utf8').catch(() => 'application/octet-stream'),
        ])
        return { body, contentType }
      } catch {
        return null
      }
    },
    async has(key) {
      return fs.stat(file(key)).then(
        (stat) => stat.isFile(),
        () => false,
      )
    },
    async delete(key) {
      await fs.rm(file(key), { force: true })
      await fs.rm(`${file(key)}.type`, { force: true })
    },
    url: (key) => FILES_PREFIX + safeKey(key),
    async check() {
      await fs.mkdir(root, { recursive: true })
      await fs.access(root, fs.constants.W_OK)
    },
  }
}

function s3Storage(config: Config): Storage {
  const client = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  })
  const Bucket = config.S3_BUCKET
  if (!Bucket) throw new Error('S3_BUCKET is required when S3_ENDPOINT is set')
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: safeKey(key), Body: body, ContentType: contentType }))
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: safeKey(key) }))
        if (!out.Body) return null
        const bytes = await out.Body.transformToByteArray()
        return { body: Buffer.from(bytes), contentType: out.ContentType ?? 'application/octet-stream' }
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null
        throw err
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: safeKey(key) }))
        return true
      } catch (err) {
        // (a HEAD response has no body, so S3 names a missing key only by its status)
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false
        throw err
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: safeKey(key) }))
    },
    url: (key) => FILES_PREFIX + safeKey(key),
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }))
    },
  }
}
