/**
 * A Vite build plugin: the first page's HTML preloads the chunks that start-up imports lazily, so
 * they download together with the entry instead of after it has run:
 * - the first part of the default language's bundle (scripts/locale-parts.ts; Simplified Chinese,
 *   the language of every first visit; a visitor with another stored language loads that one as
 *   before, the preloaded one is a few kilobytes);
 * - the app's frame (`src/root/App.tsx`), which `src/main.tsx` imports dynamically so that evaluating
 *   it is a task of its own rather than part of one long start-up task, and home's screen.
 *
 * And it orders the head for the first paint (`firstPaintFirst`): the boot shell in index.html
 * needs only the stylesheet, so the stylesheet is asked for first, and the scripts, which never
 * block rendering (modules run after parsing), are fetched at low priority behind it. On a slow
 * link the stylesheet no longer shares the bandwidth with some hundred kilobytes of script, and
 * Lighthouse no longer counts those scripts as render-blocking (it judges by priority).
 */
import { DEFAULT_LANGUAGE } from '../protocol/languages.ts';

interface Chunk {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
}

// Home's screen too: the first visit of nearly everyone lands there (`/` redirects to it); another
// route's screen is asked for by src/main.tsx as it starts.
const START_MODULES = [
  `/locales/${DEFAULT_LANGUAGE}.json?part=first`,
  '/src/root/App.tsx',
  '/src/features/home/HomePage.tsx',
];

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
        const preloads = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return firstPaintFirst(html.replace(/\s*<\/head>/, `\n    ${preloads.join('\n    ')}\n  </head>`));
      },
    },
  };
}

/**
 * The stylesheets before the first script, and every module script and module preload at low
 * fetch priority (see above). Only the head is touched.
 */
export function firstPaintFirst(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  let head = html.slice(0, headEnd);
  const stylesheets = [...head.matchAll(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g)].map((m) => m[0]);
  for (const link of stylesheets) head = head.replace(link, '');
  const firstScript = head.search(/[ \t]*<(script|link rel="modulepreload")/);
  if (firstScript >= 0) head = head.slice(0, firstScript) + stylesheets.join('') + head.slice(firstScript);
  else head += stylesheets.join('');
  head = head
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(
      /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
      '<link rel="modulepreload" fetchpriority="low"',
    );
  return head + html.slice(headEnd);
}
