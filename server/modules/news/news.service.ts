/**
 * Announcements (10083 list, 10084 details) and publishing them (the `news publish` admin
 * command). A reader gets each announcement in the language it asked for, else English, else the
 * language the operator wrote first. Bodies are stored already sanitised (markup.ts).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { Page } from '../../../protocol/envelope.ts';
import type { Language } from '../../../protocol/languages.ts';
import {
  type Announcement,
  type AnnouncementSummary,
  BODY_MAX_LENGTH,
  SUMMARY_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '../../../protocol/news.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { readTablePage } from '../../db/paging.ts';
import { renderAnnouncementBody, summarize } from './markup.ts';
import { announcements, announcementTexts } from './news.schema.ts';

export interface AnnouncementDraft {
  lang: Language;
  title: string;
  /** Markdown. */
  body: string;
}

export class AnnouncementInputError extends Error {
  override name = 'AnnouncementInputError';
}

type AnnouncementRow = typeof announcements.$inferSelect;
type TextRow = typeof announcementTexts.$inferSelect;

/** The preference order of texts for a reader of `lang`. */
export function languageOrder(lang: Language, primary: Language): Language[] {
  return [...new Set<Language>([lang, 'en', primary])];
}

function pick(rows: readonly TextRow[], lang: Language, primary: Language): TextRow | undefined {
  for (const l of languageOrder(lang, primary)) {
    const row = rows.find((r) => r.lang === l);
    if (row) return row;
  }
  return rows[0];
}

function toSummary(a: AnnouncementRow, text: TextRow): AnnouncementSummary {
  return {
    id: a.id,
    title: text.title,
    summary: text.summary,
    publishedAt: a.publishedAt.getTime(),
    pinned: a.pinned,
    lang: text.lang,
  };
}

/** Stores one announcement in every language given; the caller's transaction commits it. */
export async function publishAnnouncement(
  tx: Tx,
  input: { drafts: readonly AnnouncementDraft[]; pinned: boolean; actor: string },
): Promise<{ id: number; langs: Language[]; publishedAt: number }> {
  const { drafts } = input;
  const first = drafts[0];
  if (!first) throw new AnnouncementInputError('give at least one title and body');
  if (new Set(drafts.map((d) => d.lang)).size !== drafts.length)
    throw new AnnouncementInputError('each language may be given once');
  for (const d of drafts) {
    if (d.title.trim() === '' || d.title.length > TITLE_MAX_LENGTH)
      throw new AnnouncementInputError(`a title has 1 to ${TITLE_MAX_LENGTH} characters`);
    if (d.body.trim() === '' || d.body.length > BODY_MAX_LENGTH)
      throw new AnnouncementInputError(`a body has 1 to ${BODY_MAX_LENGTH} characters`);
  }
  const texts = drafts.map((d) => {
    const body = renderAnnouncementBody(d.body);
    const summary = summarize(body, SUMMARY_MAX_LENGTH);
    if (summary === '') throw new AnnouncementInputError(`the ${d.lang} body has no readable text`);
    return { lang: d.lang, title: d.title.trim(), summary, source: d.body, body };
  });
  const [row] = await tx
    .insert(announcements)
    .values({ pinned: input.pinned, primaryLang: first.lang, publishedBy: input.actor })
    .returning();
  if (!row) throw new Error('announcement not stored');
  await tx.insert(announcementTexts).values(texts.map((t) => ({ ...t, announcementId: row.id })));
  return { id: row.id, langs: texts.map((t) => t.lang), publishedAt: row.publishedAt.getTime() };
}

export async function listAnnouncements(
  db: DbOrTx,
  lang: Language,
  paging: { page: number; size: number },
): Promise<Page<AnnouncementSummary>> {
  return readTablePage(db, paging, announcements, {
    order: [desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id)],
    list: async (rows) => {
      const texts =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(announcementTexts)
              .where(
                inArray(
                  announcementTexts.announcementId,
                  rows.map((r) => r.id),
                ),
              );
      const list: AnnouncementSummary[] = [];
      for (const a of rows) {
        const text = pick(
          texts.filter((t) => t.announcementId === a.id),
          lang,
          a.primaryLang,
        );
        if (text) list.push(toSummary(a, text));
      }
      return list;
    },
  });
}

export async function announcementDetails(db: DbOrTx, lang: Language, id: number): Promise<Announcement> {
  const [a] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!a) throw new DomainError('not_found');
  const texts = await db
    .select()
    .from(announcementTexts)
    .where(and(eq(announcementTexts.announcementId, id)));
  const text = pick(texts, lang, a.primaryLang);
  if (!text) throw new DomainError('not_found');
  return { ...toSummary(a, text), body: text.body };
}

/** Each language's title and summary of one announcement, for the push messages. */
export async function announcementTextsOf(
  db: DbOrTx,
  id: number,
): Promise<{ primary: Language; texts: Pick<TextRow, 'lang' | 'title' | 'summary'>[] } | null> {
  const [a] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!a) return null;
  const texts = await db
    .select({
      lang: announcementTexts.lang,
      title: announcementTexts.title,
      summary: announcementTexts.summary,
    })
    .from(announcementTexts)
    .where(eq(announcementTexts.announcementId, id));
  return { primary: a.primaryLang, texts };
}
