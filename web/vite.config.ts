import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// In development Vite serves the app and proxies the API to the Go server
// (`make dev-api` on :8080); in production the Go binary embeds dist/.
const api = process.env.OMNIRENT_API ?? 'http://localhost:8080'

// The unit tests that mock a module (vi.mock), found by reading them: see
// test.projects below.
const src = fileURLToPath(new URL('./src', import.meta.url))
const mocking = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(`${src}/${f}`, 'utf8')))
  .map((f) => `src/${f}`)

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': api,
      '/healthz': api,
      '/dev': api,
    },
  },
  build: {
    // Hashed file names let the server cache assets as immutable.
    assetsDir: 'assets',
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // Each worker makes one jsdom and keeps the modules it imported for the
    // next file (isolate: false): making a jsdom and importing React again
    // for each of 90 files was two thirds of the suite's time (docs/perf.md,
    // "CI: where the time goes"). Files that replace a module with vi.mock
    // need it fresh, so they run isolated (a mock cannot replace a module
    // another file already imported).
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking, isolate: true } },
    ],
  },
})
