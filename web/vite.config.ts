import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// In development Vite serves the app and proxies the API to the Go server
// (`make dev-api` on :8080); in production the Go binary embeds dist/.
const api = process.env.OMNIRENT_API ?? 'http://localhost:8080'

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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
})
