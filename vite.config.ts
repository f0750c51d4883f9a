import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lazyChunkFilter } from './scripts/precache-filter.ts';
import { preloadStartChunks } from './scripts/preload-start.ts';
import { webAppManifest } from './src/features/offline/web-app-manifest.ts';

// web3-onboard is only needed to connect a wallet, which needs the network anyway: not precached.
const walletChunks = lazyChunkFilter(['src/features/account/onboard.ts', 'node_modules/@web3-onboard/']);

// What every first page needs; see the `start` chunk below.
const START_SHARED =
  /\/node_modules\/(react|react-dom|react-i18next|scheduler|i18next|wouter|@preact|localforage|dayjs|decimal\.js|valibot|use-sync-external-store)\/|\/src\/(lib|components)\/|\/protocol\//;

// The dev server proxies product calls to a server started with `npm run serve` on port 8080.
export default defineConfig({
  plugins: [
    react(),
    preloadStartChunks(),
    walletChunks.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page asks the user before a new version takes over (src/features/offline/service-worker.ts, UpdatePrompt.tsx).
      registerType: 'prompt',
      injectRegister: false,
      manifest: webAppManifest,
      // The icons are in public/ and so already in the precache list.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,txt}'],
        // The install-sheet screenshots are for the browser's install dialog, not for offline use.
        globIgnores: ['screenshots/**'],
        manifestTransforms: [walletChunks.transform],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Inline nothing as data: URLs, so the strict CSP needs no exceptions.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the chunk graph bench/first-page-size.ts and the precache read.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries and shared modules every first page needs travel as one chunk: on a
              // phone network each extra request of a few hundred bytes still costs a round trip.
              name: 'start',
              test: START_SHARED,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/adc': 'http://127.0.0.1:8080' },
  },
});
