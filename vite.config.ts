import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies product calls to a server started with `npm run serve` on port 8080.
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Inline nothing as data: URLs, so the strict CSP needs no exceptions.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the chunk graph bench/first-page-size.ts measures.
    manifest: true,
  },
  server: {
    proxy: { '/adc': 'http://127.0.0.1:8080' },
  },
});
