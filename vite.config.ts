import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { precompress } from './scripts/vite/precompress'
import { routeTable } from './scripts/vite/route-table'

export default defineConfig({
  plugins: [react(), tailwindcss(), routeTable(), precompress()],
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: process.env.WEB_ROOT ?? 'dist/web', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
})
