/**
 * V8's explicit compile hint for the start chunk (Chrome 136+): `//# allFunctionsCalledOnLoad`
 * as the script's first line makes V8 compile every function of the file on the background
 * thread that streams it in, instead of one by one on the main thread as start-up first calls
 * them. Every first page calls most of the start chunk at once (React, i18next, the store).
 *
 * The hint counts only at the very top of the file. Rolldown's `postBanner` put it there, but
 * Vite then adds its preload helper (`const __vite__mapDeps=…`) above it whenever the chunk has a
 * dynamic import, and V8 silently ignored the hint: a Chrome trace of /home showed 117-286 ms of
 * main-thread `V8.CompileCode` a load with the hint on line 2, 12-33 ms with it on line 1
 * (docs/performance.md). So the hint goes in last, after every other plugin has written the code.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** `code` with the compile hint as its first line (once, wherever it stood before). */
export function withCompileHintFirst(code: string): string {
  const rest = code
    .split('\n')
    .filter((line) => line.trim() !== COMPILE_HINT)
    .join('\n');
  return `${COMPILE_HINT}\n${rest}`;
}

interface OutputChunk {
  type: 'chunk' | 'asset';
  name?: string;
  code?: string;
}

/** A Vite build plugin: the named chunks start with the compile hint. */
export function compileHintFirst(chunkNames: string[]) {
  return {
    name: 'meridian-compile-hint-first',
    apply: 'build' as const,
    // After Vite's own generateBundle, which prepends the preload helper.
    generateBundle: {
      order: 'post' as const,
      handler(_options: unknown, bundle: Record<string, OutputChunk>) {
        for (const chunk of Object.values(bundle)) {
          if (
            chunk.type === 'chunk' &&
            chunk.name &&
            chunkNames.includes(chunk.name) &&
            chunk.code !== undefined
          ) {
            chunk.code = withCompileHintFirst(chunk.code);
          }
        }
      },
    },
  };
}
