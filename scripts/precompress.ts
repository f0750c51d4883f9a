/**
 * A Vite build plugin: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside
 * every text file of the build, which the server sends as they are (`preCompressed` in
 * server/http/static.ts). Compressing once at the highest quality makes the first page about a
 * tenth smaller than compressing each response on the fly at a quality cheap enough for that, and
 * costs the server nothing per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than the headers it needs (the server's threshold too). */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Vite's own manifest is for the build, not for browsers.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (TEXT.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

export function precompress(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    writeCompressedCopies(file);
    count += 1;
  }
  return count;
}

/** The `.br` and `.gz` copies of one file, written (again) from its current content. */
export function writeCompressedCopies(file: string): void {
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

export function precompressBuild() {
  let outDir = 'dist';
  return {
    name: 'meridian-precompress',
    apply: 'build' as const,
    configResolved(config: { build: { outDir: string }; root: string }) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin has written its files (the service worker comes last).
    closeBundle: {
      order: 'post' as const,
      sequential: true,
      handler() {
        precompress(outDir);
      },
    },
  };
}
