import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../../protocol/languages.ts';
import { at, rowRef, serialId } from '../../db/columns.ts';

/** One announcement; its texts, one per language the operator wrote, are in announcement_texts. */
export const announcements = pgTable(
  'announcements',
  {
    id: serialId(),
    pinned: boolean('pinned').notNull().default(false),
    /** The language written first: the last fallback when neither the asked one nor English exists. */
    primaryLang: text('primary_lang', { enum: LANGUAGES }).notNull(),
    publishedBy: text('published_by').notNull(),
    publishedAt: at('published_at').notNull().defaultNow(),
  },
  (t) => [index('announcements_order').on(t.pinned, t.publishedAt)],
);

export const announcementTexts = pgTable(
  'announcement_texts',
  {
    announcementId: rowRef('announcement_id', () => announcements.id, { onDelete: 'cascade' }),
    lang: text('lang', { enum: LANGUAGES }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** The operator's Markdown, kept for the record. */
    source: text('source').notNull(),
    /** Sanitised HTML (protocol/news.ts ANNOUNCEMENT_TAGS), what clients receive. */
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.lang] })],
);
