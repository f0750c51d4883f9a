/**
 * An announcement body: HTML the server already sanitised, rendered again through the allowlist
 * of protocol/news.ts. DOMParser builds an inert document (nothing in it runs or loads), and the
 * React tree is rebuilt from allowed elements only, so there is no dangerouslySetInnerHTML and no
 * inline style; links open outside the app without an opener (docs/decisions/announcement-markup.md).
 */
import { createElement, type ReactNode } from 'react';
import {
  ANNOUNCEMENT_TAGS,
  type AnnouncementTag,
  LINK_REL,
  LINK_SCHEMES,
  LINK_TARGET,
} from '../../../protocol/news.ts';

const ALLOWED = new Set<string>(ANNOUNCEMENT_TAGS);
const SCHEME = new RegExp(`^(${LINK_SCHEMES.join('|')}):`, 'i');

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes, (child, i) => convert(child, `${key}.${i}`));
  // An element outside the allowlist keeps its text, not itself.
  if (!ALLOWED.has(tag)) return children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (!SCHEME.test(href)) return children;
    return createElement('a', { key, href, target: LINK_TARGET, rel: LINK_REL }, ...children);
  }
  return createElement(tag as AnnouncementTag, { key }, ...children);
}

export function RichText({ html }: { html: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <div className="rich-text">{Array.from(doc.body.childNodes, (n, i) => convert(n, String(i)))}</div>;
}
