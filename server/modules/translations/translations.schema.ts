import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';

/**
 * The operator's texts in other languages: an IDO's name and description, a machine's operating
 * environment. The text the operator gave when creating the subject is the fallback; a row here
 * replaces it for readers of `lang` (docs/translations.md).
 */
export const operatorTexts = pgTable(
  'operator_texts',
  {
    /** What the text belongs to: `ido` (by token) or `machine` (by its key). */
    subject: text('subject', { enum: ['ido', 'machine'] }).notNull(),
    ref: text('ref').notNull(),
    field: text('field').notNull(),
    lang: text('lang').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.ref, t.field, t.lang] })],
);
