/**
 * Translations: the operator's texts (an IDO's name and description, a machine's operating
 * environment) in the reader's language, with the text first given as the fallback.
 */

export { operatorTexts } from './translations.schema.ts';
export {
  inLanguage,
  isSubject,
  listTranslations,
  oneInLanguage,
  removeTranslation,
  type Subject,
  setTranslation,
  TRANSLATABLE,
  type Translation,
  TranslationInputError,
} from './translations.service.ts';
