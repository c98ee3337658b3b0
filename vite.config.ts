import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { precompress } from './scripts/vite/precompress'
import { routeTable } from './scripts/vite/route-table'

const API_ORIGIN = 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), tailwindcss(), routeTable(), precompress()],
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: process.env.WEB_ROOT ?? 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // No per-import dependency lists in the entry (2 KB): the server preloads the first route's
    // chunks with the HTML (src/server/http/static.ts); later screens find their few new chunks.
    modulePreload: false,
    rolldownOptions: {
      // A feature's index.ts only re-exports (its public face): a screen that takes one hook from
      // it must not get the feature's other exports (a post card, a story row) in its first load.
      treeshake: { moduleSideEffects: (id: string) => !/\/src\/web\/features\/[^/]+\/index\.ts$/.test(id) },
      // Few requests per screen (decision 0023): every module the entry loads statically is one
      // chunk beside it, and a common chunk under 16 KB is copied into each screen that uses it
      // instead of being one more request (30–40 → 5 on /feed and /profile).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
        },
      },
    },
  },
  server: {
    // The API only takes state-changing requests from its own origin (CSRF check): the dev proxy
    // presents them as coming from the API server's origin.
    proxy: Object.fromEntries(
      ['/api', '/dev'].map((path) => [path, { target: API_ORIGIN, configure: (proxy) => proxy.on('proxyReq', (req) => req.getHeader('origin') && req.setHeader('origin', API_ORIGIN)) }]),
    ),
  },
})
