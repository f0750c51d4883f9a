/**
 * A Vite build plugin: the first page's HTML preloads the chunks that start-up imports lazily, so
 * they download together with the entry instead of after it has run:
 * - the default language's bundle (Simplified Chinese, the language of every first visit; a
 *   visitor with another stored language loads that one as before, the preloaded one is a few
 *   kilobytes);
 * - the screens (`src/app/App.tsx`), which `src/main.tsx` imports dynamically so that evaluating
 *   them is a task of its own rather than part of one long start-up task.
 */
import { DEFAULT_LANGUAGE } from '../protocol/languages.ts';

interface Chunk {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
}

const START_MODULES = [`/locales/${DEFAULT_LANGUAGE}.json`, '/src/app/App.tsx'];

export function preloadStartChunks() {
  return {
    name: 'meridian-preload-start-chunks',
    apply: 'build' as const,
    transformIndexHtml: {
      order: 'post' as const,
      handler(html: string, context: { bundle?: Record<string, Chunk> }) {
        const chunks = Object.values(context.bundle ?? {}).filter((c) => c.type === 'chunk');
        const files = new Set<string>();
        for (const chunk of chunks) {
          if (!START_MODULES.some((m) => chunk.facadeModuleId?.endsWith(m))) continue;
          files.add(chunk.fileName);
          for (const file of chunk.imports ?? []) files.add(file);
        }
        // The entry's own static imports are preloaded by Vite already.
        for (const existing of html.matchAll(/href="\/([^"]+\.js)"/g)) files.delete(existing[1] ?? '');
        return {
          html,
          tags: [...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}
