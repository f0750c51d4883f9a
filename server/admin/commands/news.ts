/**
 * `news publish`: stores an announcement in every language given, then (after it committed)
 * pushes it to every subscription in that subscription's language. The command answers once the
 * announcement is stored; sending runs on in the background (docs/push.md).
 * `news list`: the latest announcements.
 */
import { desc } from 'drizzle-orm';
import { isLanguage, type Language } from '../../../protocol/languages.ts';
import { announcements, announcementTexts } from '../../modules/news/news.schema.ts';
import {
  type AnnouncementDraft,
  AnnouncementInputError,
  publishAnnouncement,
} from '../../modules/news/news.service.ts';
import { deliverAnnouncement, describeReport } from '../../modules/push/delivery.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { listOutput } from '../text.ts';

function many(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

export function draftsFrom(values: Record<string, unknown>): AnnouncementDraft[] {
  const titles = many(values.title);
  const bodies = many(values.body);
  const langs = many(values.lang);
  if (titles.length === 0 || titles.length !== bodies.length)
    throw new AdminUsageError('give one --title and one --body per language');
  if (langs.length === 0 && titles.length > 1)
    throw new AdminUsageError('with several titles, give --lang before each --title/--body pair');
  if (langs.length > 0 && langs.length !== titles.length)
    throw new AdminUsageError('give one --lang per --title/--body pair');
  const unknown = langs.filter((l) => !isLanguage(l));
  if (unknown.length > 0) throw new AdminUsageError(`unknown language: ${unknown.join(', ')}`);
  return titles.map((title, i) => ({
    lang: (langs[i] ?? 'en') as Language,
    title,
    body: bodies[i] ?? '',
  }));
}

export const newsPublishCommand: AdminCommand<true> = {
  name: 'news publish',
  summary: 'Publish an announcement (Markdown body) in one or more languages and push it to subscribers',
  usage:
    'news publish [--lang <lang>] --title "…" --body "…" [--lang <lang> --title "…" --body "…" …] [--pin]  (no --lang: English)',
  mutating: true,
  defaultReason: ({ values }) => `announcement "${many(values.title)[0] ?? ''}"`,
  options: {
    lang: { type: 'string', multiple: true },
    title: { type: 'string', multiple: true },
    body: { type: 'string', multiple: true },
    pin: { type: 'boolean' },
  },
  async run(ctx, { values }) {
    const drafts = draftsFrom(values);
    let published: Awaited<ReturnType<typeof publishAnnouncement>>;
    try {
      published = await publishAnnouncement(ctx.db, {
        drafts,
        pinned: values.pin === true,
        actor: `operator:${ctx.actor}`,
      });
    } catch (error) {
      if (error instanceof AnnouncementInputError) throw new AdminUsageError(error.message);
      throw error;
    }
    const { db } = ctx.database;
    ctx.afterCommit(async () => describeReport(await deliverAnnouncement(db, published.id)));
    return {
      text: `announcement #${published.id} published in ${published.langs.join(', ')}; push sending started`,
      json: published,
    };
  },
};

export const newsListCommand: AdminCommand = {
  name: 'news list',
  summary: 'List the latest announcements',
  usage: 'news list',
  mutating: false,
  options: {},
  async run(ctx) {
    const rows = await ctx.db.select().from(announcements).orderBy(desc(announcements.id)).limit(50);
    const texts = await ctx.db
      .select({
        id: announcementTexts.announcementId,
        lang: announcementTexts.lang,
        title: announcementTexts.title,
      })
      .from(announcementTexts);
    const list = rows.map((a) => ({
      id: a.id,
      pinned: a.pinned,
      publishedAt: a.publishedAt.toISOString(),
      texts: texts.filter((t) => t.id === a.id).map((t) => ({ lang: t.lang, title: t.title })),
    }));
    return listOutput(
      list,
      'no announcements',
      (a) =>
        `#${a.id}${a.pinned ? ' (pinned)' : ''} ${a.publishedAt} ${a.texts.map((t) => `[${t.lang}] ${t.title}`).join(' ')}`,
    );
  },
};
