import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** `given`, or a random secret generated once and kept in `dataDir/<name>` (mode 600). */
export function persistentSecret(dataDir: string, name: string, given?: string) {
  if (given) return given
  const file = path.join(dataDir, name)
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const secret = crypto.randomBytes(32).toString('base64url')
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/** Compares a secret in constant time (no early exit on the first differing character). */
export function secretMatches(expected: string, given: string | undefined) {
  if (!given) return false
  const a = crypto.createHash('sha256').update(expected).digest()
  const b = crypto.createHash('sha256').update(given).digest()
  return crypto.timingSafeEqual(a, b)
}
