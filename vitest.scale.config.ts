import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// `npm run test:scale`: the app at scale (PostgreSQL, S3, two instances, workers) as real processes.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/scale/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: { LOG_LEVEL: 'silent' },
  },
})
