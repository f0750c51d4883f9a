/**
 * `translation set|remove|list`: the operator's texts (an IDO's name and description, a machine's
 * operating environment) in other languages. The text given when the subject was created stays the
 * fallback for every language without its own (docs/translations.md).
 */
import { eq } from 'drizzle-orm';
import { isLanguage, type Language } from '../../../protocol/languages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { idoOfferings } from '../../modules/ido/ido.schema.ts';
import { miningProducts } from '../../modules/mining/mining.schema.ts';
import {
  isSubject,
  listTranslations,
  removeTranslation,
  type Subject,
  setTranslation,
  TRANSLATABLE,
  TranslationInputError,
} from '../../modules/translations/index.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { need, valueOptions } from '../options.ts';
import { listOutput } from '../text.ts';

const SUBJECTS = Object.entries(TRANSLATABLE)
  .map(([subject, fields]) => `${subject} (${Object.keys(fields).join(', ')})`)
  .join('; ');

interface Target {
  subject: Subject;
  ref: string;
  field: string;
  lang: Language;
}

async function exists(db: DbOrTx, subject: Subject, ref: string): Promise<boolean> {
  const rows =
    subject === 'ido'
      ? await db.select({ id: idoOfferings.id }).from(idoOfferings).where(eq(idoOfferings.token, ref))
      : await db.select({ id: miningProducts.id }).from(miningProducts).where(eq(miningProducts.key, ref));
  return rows.length > 0;
}

/** `<ido|machine> <REF> <field> <lang>` from the positionals, each checked. */
async function targetOf(db: DbOrTx, positionals: string[]): Promise<Target> {
  const [subject, rawRef, field, lang] = positionals;
  if (!subject || !isSubject(subject)) throw new AdminUsageError(`the subject is one of: ${SUBJECTS}`);
  const ref = need(rawRef, subject === 'ido' ? 'the token' : 'the machine key').toUpperCase();
  if (!(await exists(db, subject, ref))) throw new AdminUsageError(`no ${subject} ${ref}`);
  const fields: Record<string, number> = TRANSLATABLE[subject];
  if (!field || !(field in fields)) {
    throw new AdminUsageError(`the field of ${subject} is one of: ${Object.keys(fields).join(', ')}`);
  }
  if (!lang || !isLanguage(lang)) throw new AdminUsageError(`unknown language: ${lang ?? '(none)'}`);
  return { subject, ref, field, lang };
}

export const translationSetCommand: AdminCommand<true> = {
  name: 'translation set',
  summary: "Give an operator's text (IDO name or description, machine environment) in one language",
  usage: `translation set <ido|machine> <TOKEN|KEY> <field> <lang> --text "…" --reason "…"  (${SUBJECTS})`,
  mutating: true,
  options: valueOptions('text'),
  async run(ctx, { positionals, values }) {
    const target = await targetOf(ctx.db, positionals);
    const value = need(values.text, '--text');
    try {
      await setTranslation(ctx.db, { ...target, value });
    } catch (error) {
      if (error instanceof TranslationInputError) throw new AdminUsageError(error.message);
      throw error;
    }
    const { subject, ref, field, lang } = target;
    return { text: `${subject} ${ref} ${field} in ${lang} set`, json: { ...target, value: value.trim() } };
  },
};

export const translationRemoveCommand: AdminCommand<true> = {
  name: 'translation remove',
  summary: "Remove an operator's text in one language: its readers see the text first given again",
  usage: 'translation remove <ido|machine> <TOKEN|KEY> <field> <lang> --reason "…"',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const target = await targetOf(ctx.db, positionals);
    const removed = await removeTranslation(ctx.db, target);
    const { subject, ref, field, lang } = target;
    return {
      text: removed
        ? `${subject} ${ref} ${field} in ${lang} removed`
        : `there was no ${field} of ${ref} in ${lang}`,
      json: { ...target, removed },
    };
  },
};

export const translationListCommand: AdminCommand = {
  name: 'translation list',
  summary: "List the operator's texts given in other languages",
  usage: 'translation list [ido|machine] [TOKEN|KEY]',
  mutating: false,
  options: {},
  async run(ctx, { positionals }) {
    const [subject, ref] = positionals;
    if (subject !== undefined && !isSubject(subject))
      throw new AdminUsageError(`the subject is one of: ${SUBJECTS}`);
    const list = await listTranslations(ctx.db, subject, ref?.toUpperCase());
    return listOutput(
      list,
      'no translations',
      (t) => `${t.subject} ${t.ref} ${t.field} ${t.lang}: ${t.value}`,
    );
  },
};
