/**
 * Operator texts in the reader's language. A subject's own row holds the text the operator first
 * gave (the fallback, in whatever language it was written); `operator_texts` holds it in other
 * languages. An answer takes the reader's language if given, else the subject's own text.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Language } from '../../../protocol/languages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { operatorTexts } from './translations.schema.ts';

/** The fields an operator may translate, per subject, and their longest text. */
export const TRANSLATABLE = {
  ido: { name: 80, description: 2000 },
  machine: { environment: 200 },
} as const;

export type Subject = keyof typeof TRANSLATABLE;
export type FieldOf<S extends Subject> = keyof (typeof TRANSLATABLE)[S] & string;

/** An operator's text the rules refuse (an unknown field, an empty or too long text). */
export class TranslationInputError extends Error {
  override name = 'TranslationInputError';
}

export interface Translation {
  subject: Subject;
  ref: string;
  field: string;
  lang: Language;
  value: string;
}

export function isSubject(value: string): value is Subject {
  return Object.hasOwn(TRANSLATABLE, value);
}

/** Stores one text (replacing the one before); refuses a field that is not translatable or too long. */
export async function setTranslation(db: DbOrTx, t: Translation): Promise<void> {
  const limits: Record<string, number> = TRANSLATABLE[t.subject];
  const max = limits[t.field];
  if (max === undefined) {
    const known = Object.keys(limits).join(', ');
    throw new TranslationInputError(`${t.subject} has no translatable field ${t.field} (it has: ${known})`);
  }
  const value = t.value.trim();
  if (value.length === 0 || value.length > max) {
    throw new TranslationInputError(`the ${t.field} text is 1 to ${max} characters`);
  }
  const row = { ...t, value, updatedAt: new Date() };
  await db
    .insert(operatorTexts)
    .values(row)
    .onConflictDoUpdate({
      target: [operatorTexts.subject, operatorTexts.ref, operatorTexts.field, operatorTexts.lang],
      set: { value, updatedAt: row.updatedAt },
    });
}

/** Removes one text: readers of `lang` see the subject's own text again. True when there was one. */
export async function removeTranslation(db: DbOrTx, t: Omit<Translation, 'value'>): Promise<boolean> {
  const gone = await db
    .delete(operatorTexts)
    .where(
      and(
        eq(operatorTexts.subject, t.subject),
        eq(operatorTexts.ref, t.ref),
        eq(operatorTexts.field, t.field),
        eq(operatorTexts.lang, t.lang),
      ),
    )
    .returning({ ref: operatorTexts.ref });
  return gone.length > 0;
}

export async function listTranslations(db: DbOrTx, subject?: Subject, ref?: string): Promise<Translation[]> {
  const rows = await db
    .select()
    .from(operatorTexts)
    .where(
      and(
        subject ? eq(operatorTexts.subject, subject) : undefined,
        ref ? eq(operatorTexts.ref, ref) : undefined,
      ),
    )
    .orderBy(
      asc(operatorTexts.subject),
      asc(operatorTexts.ref),
      asc(operatorTexts.field),
      asc(operatorTexts.lang),
    );
  return rows.map((r) => ({
    subject: r.subject,
    ref: r.ref,
    field: r.field,
    lang: r.lang as Language,
    value: r.value,
  }));
}

/**
 * `items` with their translatable fields in `lang` where the operator gave one: one query for
 * the whole list. `refOf` names each item's subject row (an offering's token, a machine's key).
 */
export async function inLanguage<S extends Subject, T extends Partial<Record<FieldOf<S>, string>>>(
  db: DbOrTx,
  lang: Language,
  subject: S,
  items: readonly T[],
  refOf: (item: T) => string,
): Promise<T[]> {
  if (items.length === 0) return [...items];
  const refs = [...new Set(items.map(refOf))];
  const rows = await db
    .select({ ref: operatorTexts.ref, field: operatorTexts.field, value: operatorTexts.value })
    .from(operatorTexts)
    .where(
      and(eq(operatorTexts.subject, subject), eq(operatorTexts.lang, lang), inArray(operatorTexts.ref, refs)),
    );
  if (rows.length === 0) return [...items];
  const texts = new Map(rows.map((r) => [`${r.ref}\u0000${r.field}`, r.value]));
  const fields = Object.keys(TRANSLATABLE[subject]);
  return items.map((item) => {
    const ref = refOf(item);
    const changed: Record<string, string> = {};
    for (const field of fields) {
      const text = texts.get(`${ref}\u0000${field}`);
      if (text !== undefined && field in item) changed[field] = text;
    }
    return Object.keys(changed).length === 0 ? item : { ...item, ...changed };
  });
}

/** One item in `lang`: {@link inLanguage} for a details answer. */
export async function oneInLanguage<S extends Subject, T extends Partial<Record<FieldOf<S>, string>>>(
  db: DbOrTx,
  lang: Language,
  subject: S,
  item: T,
  refOf: (item: T) => string,
): Promise<T> {
  const [translated] = await inLanguage(db, lang, subject, [item], refOf);
  return translated ?? item;
}
