import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
const MIN_BYTES = 512

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text asset of the build,
 * so the server sends them by content negotiation without compressing at request time. A variant
 * that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'drape:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => TEXT_FILE.test(f) && !f.startsWith('.vite'))
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file)
          const raw = fs.readFileSync(full)
          if (raw.length < MIN_BYTES) return
          const variants: [string, Buffer][] = [
            ['.br', await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })],
            ['.gz', await gzip(raw, { level: 9 })],
          ]
          for (const [ext, body] of variants) if (body.length < raw.length) fs.writeFileSync(full + ext, body)
        }),
      )
    },
  }
}
