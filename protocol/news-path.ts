/**
 * The route that shows one announcement, used by the list, the home card, push delivery and the
 * service worker's notification clicks. A module of its own, free of the news schemas: the home
 * card is on the first page, and importing protocol/news.ts would bring valibot into it.
 */
export function announcementPath(id: number): string {
  return `/newsDetail?id=${id}`;
}
