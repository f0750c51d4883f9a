/**
 * Announcement bodies: the operator's Markdown rendered with marked, then cleaned with
 * sanitize-html to the allowlist of protocol/news.ts (docs/decisions/announcement-markup.md).
 * No script, style, frame, image or form survives; links keep only http(s)/mailto and always
 * open outside the app without an opener.
 */
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import {
  ANNOUNCEMENT_TAGS,
  LINK_REL,
  LINK_SCHEMES,
  LINK_TARGET,
  SUMMARY_MAX_LENGTH,
} from '../../../protocol/news.ts';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...ANNOUNCEMENT_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Headings stay below the screen title.
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: linkAllowed(attribs.href)
        ? { href: attribs.href.trim(), target: LINK_TARGET, rel: LINK_REL }
        : {},
    }),
  },
};

const SCHEME = new RegExp(`^(${LINK_SCHEMES.join('|')}):`, 'i');

function linkAllowed(href: string | undefined): href is string {
  return href !== undefined && SCHEME.test(href.trim());
}

export function renderAnnouncementBody(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  // A link whose href was refused (javascript:, data:, relative) keeps its text, not its link.
  return sanitizeHtml(html, SANITIZE)
    .replace(/<a>(.*?)<\/a>/gs, '$1')
    .trim();
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Plain text of sanitised HTML, whitespace collapsed. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h3|h4|pre|blockquote)>|<br\s*\/?>/g, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return (
    text
      .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
      .replace(/\s+/g, ' ')
      // Chinese and Japanese put no space after their full-width punctuation.
      .replace(/([。！？；：，、）」』])\s+/g, '$1')
      .trim()
  );
}

/** The list's summary: the body's first words, cut at a word boundary. */
export function summarize(html: string, max = SUMMARY_MAX_LENGTH): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
