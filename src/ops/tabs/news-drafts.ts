/**
 * An announcement's texts per language, as `news publish` takes them
 * (server/admin/commands/news.ts: `--lang <lang> --title "…" --body "…"` per language, `--pin`).
 */
import { LANGUAGES, type Language } from '../../../protocol/languages.ts';

export interface Draft {
  title: string;
  body: string;
}
export type Drafts = Partial<Record<Language, Draft>>;

/** Languages with both a title and a body, in the product's order. */
export function filledLanguages(drafts: Drafts): Language[] {
  return LANGUAGES.filter((lang) => drafts[lang]?.title.trim() && drafts[lang]?.body.trim());
}

/** Languages with only one of the two: the command would refuse them, the form says which. */
export function halfFilled(drafts: Drafts): Language[] {
  return LANGUAGES.filter((lang) => {
    const d = drafts[lang];
    return d !== undefined && Boolean(d.title.trim()) !== Boolean(d.body.trim());
  });
}

/** The command's words, or null until at least one language is complete and none is half done. */
export function publishArgv(drafts: Drafts, pin: boolean): string[] | null {
  const langs = filledLanguages(drafts);
  if (langs.length === 0 || halfFilled(drafts).length > 0) return null;
  const argv = ['news', 'publish'];
  for (const lang of langs) {
    const draft = drafts[lang] as Draft;
    argv.push('--lang', lang, '--title', draft.title.trim(), '--body', draft.body.trim());
  }
  if (pin) argv.push('--pin');
  return argv;
}
