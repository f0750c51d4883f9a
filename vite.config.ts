import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHintFirst } from './scripts/compile-hint.ts';
import { localeParts } from './scripts/locale-parts.ts';
import { lazyChunkFilter } from './scripts/precache-filter.ts';
import { precompressBuild } from './scripts/precompress.ts';
import { preloadStartChunks } from './scripts/preload-start.ts';
import { isDecimalModule, isSharedModule, isStartModule } from './scripts/start-chunk.ts';
import { webAppManifest } from './src/features/offline/web-app-manifest.ts';

// web3-onboard is only needed to connect a wallet, which needs the network anyway: not precached.
const walletChunks = lazyChunkFilter(['src/features/account/onboard.ts', 'node_modules/@web3-onboard/']);

// @preact/signals-react's React 16/17 shim, answered by React's own hook (one module of the app).
const resolve = {
  alias: [
    {
      find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
      replacement: fileURLToPath(new URL('./src/lib/sync-external-store-shim.ts', import.meta.url)),
    },
  ],
};

/**
 * The operator's console (ops.html, src/ops/): a build of its own, run once the users' build has
 * written its files, into the same folder under assets/ops/. Its own React and no chunk shared
 * with the users' pages: adding it to the users' build changed the export lists (and so the
 * hashes) of their shared chunks, and put the console's modules into those chunks' groups. The
 * users' service worker neither precaches it (globIgnores below) nor answers /ops (sw/sw.ts).
 */
const OPS_ASSETS = 'assets/ops';
function opsConsoleBuild() {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'meridian-ops-console',
    apply: 'build' as const,
    configResolved(config: { build: { outDir: string }; root: string }) {
      outDir = config.build.outDir;
      root = config.root;
    },
    // Before the compressed copies are written (precompressBuild runs last), so the console's files get theirs.
    closeBundle: {
      order: 'pre' as const,
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root,
          plugins: [react()],
          resolve,
          build: {
            target: 'es2022',
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            assetsInlineLimit: 0,
            modulePreload: { polyfill: false },
            manifest: '.vite/ops-manifest.json',
            rolldownOptions: {
              input: 'ops.html',
              output: {
                entryFileNames: `${OPS_ASSETS}/[name]-[hash].js`,
                chunkFileNames: `${OPS_ASSETS}/[name]-[hash].js`,
                assetFileNames: `${OPS_ASSETS}/[name]-[hash][extname]`,
              },
            },
          },
        });
      },
    },
  };
}

// The server's render of the first screen (src/entry-server.tsx, `vite build --ssr`): the same
// modules for Node, into dist-ssr/ beside the client, without the client's service worker, chunk
// plan and compressed copies.
const serverBuild = defineConfig({
  plugins: [react(), localeParts()],
  resolve,
  build: {
    target: 'node20',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
  },
});

// The dev server proxies product calls to a server started with `npm run serve` on port 8080.
const clientBuild = defineConfig({
  resolve,
  plugins: [
    react(),
    localeParts(),
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
        // One classic script, as the page registers it: built as a library in one file. (The ES
        // format's build sets rollup's deprecated inlineDynamicImports, and warned on every build.)
        rollupFormat: 'iife',
        // The install-sheet screenshots are for the browser's install dialog, not for offline use.
        globIgnores: ['screenshots/**', 'ops.html', `${OPS_ASSETS}/**`],
        manifestTransforms: [walletChunks.transform],
      },
      devOptions: { enabled: false },
    }),
    // The start chunk compiled on the streaming thread (scripts/compile-hint.ts).
    compileHintFirst(['start']),
    opsConsoleBuild(),
    precompressBuild(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Inline nothing as data: URLs, so the strict CSP needs no exceptions.
    assetsInlineLimit: 0,
    // Every stylesheet in one file with the first page (31 kB, 7 kB compressed): the server sends
    // any public screen's first render in the HTML (src/entry-server.tsx), and a screen styled
    // only when its chunk arrives would move under the reader's eyes.
    cssCodeSplit: false,
    // Every browser the app runs in preloads modules itself, but for Safari before 17, where the
    // scripts then load when imported instead of ahead: not worth half a kilobyte of every first
    // page (docs/performance.md).
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the chunk graph bench/first-page-size.ts and the precache read.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries and shared modules every first page needs, as one chunk.
              name: 'start',
              test: isStartModule,
            },
            {
              // The decimal engine and the tick arithmetic (scripts/start-chunk.ts), which home's
              // live prices load without the rest of what other screens share.
              name: 'decimal',
              test: isDecimalModule,
            },
            {
              // What several other screens share (scripts/start-chunk.ts), as one chunk.
              name: 'shared',
              test: isSharedModule,
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

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : clientBuild));
