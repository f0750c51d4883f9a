/**
 * A Vite build plugin: the first page's HTML preloads the default language's bundle (Simplified
 * Chinese, the language of every first visit), so it downloads together with the app instead of
 * after it has started. A visitor with another stored language loads that one as before; the
 * preloaded one is a few kilobytes.
 */
import { DEFAULT_LANGUAGE } from '../protocol/languages.ts';

interface Chunk {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
}

export function preloadDefaultLocale() {
  return {
    name: 'meridian-preload-default-locale',
    apply: 'build' as const,
    transformIndexHtml: {
      order: 'post' as const,
      handler(html: string, context: { bundle?: Record<string, Chunk> }) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(`/locales/${DEFAULT_LANGUAGE}.json`),
        );
        if (!chunk) return html;
        return {
          html,
          tags: [
            {
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` },
              injectTo: 'head' as const,
            },
          ],
        };
      },
    },
  };
}
