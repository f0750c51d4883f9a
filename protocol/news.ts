/**
 * Announcements and contact: 10083 list (paged; pinned first, then newest first), 10084 details,
 * 10085 contact channels. Texts come in the language the client set with E0001, falling back to
 * English and then to the language the operator wrote first. `body` is HTML the server already
 * sanitised to the allowlist below; the client renders it through the same allowlist again.
 */
import * as v from 'valibot';
import type { ContactChannel } from './config.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { paging } from './validation.ts';

export interface AnnouncementSummary {
  id: number;
  title: string;
  /** Plain text, at most SUMMARY_MAX_LENGTH characters. */
  summary: string;
  /** Unix milliseconds. */
  publishedAt: number;
  pinned: boolean;
  /** The language this text is in (may differ from the requested one when it was not written). */
  lang: Language;
}

export interface Announcement extends AnnouncementSummary {
  /** Sanitised HTML made of ANNOUNCEMENT_TAGS only. */
  body: string;
}

export interface ContactInfo {
  list: ContactChannel[];
}

export const TITLE_MAX_LENGTH = 120;
export const SUMMARY_MAX_LENGTH = 200;
/** Markdown source an operator may publish. */
export const BODY_MAX_LENGTH = 20_000;

/** Elements an announcement body may contain; `a` keeps only `href` (http, https, mailto). */
export const ANNOUNCEMENT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'a',
] as const;
export type AnnouncementTag = (typeof ANNOUNCEMENT_TAGS)[number];
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
/** What every link in an announcement carries: it opens outside the app, without an opener. */
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer';

/**
 * `lang` asks for a language explicitly (else the one set with E0001): the client sends it so an
 * answer never lags a language change, and cached answers are kept per language.
 */
const lang = v.optional(v.picklist(LANGUAGES));

export const newsListRequest = v.object({
  ...paging('10'),
  lang,
});

export const newsDetailsRequest = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number)),
  lang,
});
