import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/** s3rver's fixed credentials (it checks signatures made with them). */
const CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }

/**
 * An S3-compatible server (s3rver) on loopback with one bucket, keeping its objects in a temporary
 * directory; `env` holds the S3_* variables that point the app at it.
 */
export async function startS3Server(opts: { port?: number; bucket?: string } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-s3-'))
  const bucket = opts.bucket ?? 'drape'
  const server = new S3rver({ port: opts.port ?? 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_FORCE_PATH_STYLE: 'true', ...CREDENTIALS },
    async close() {
      await server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
