import type { Language } from '../../../protocol/languages.ts';
import { answeredRead, fetchData, type Read } from '../../lib/api.ts';

export const NEWS_PAGE_SIZE = 10;

const announcementsQuery = (lang: Language, page: number, size: number) => ({ page, size, lang });

export const getAnnouncements = (lang: Language, page: number, size = NEWS_PAGE_SIZE) =>
  fetchData('10083', announcementsQuery(lang, page, size));
/** The first page, to start ahead of the screen (see `startRead`). */
export const announcementsRead = (lang: Language): Read => ({
  code: '10083',
  fields: announcementsQuery(lang, 1, NEWS_PAGE_SIZE),
});
/** Its answer when the page brought it (see `answerRead`). */
export const answeredAnnouncements = (lang: Language) =>
  answeredRead('10083', announcementsQuery(lang, 1, NEWS_PAGE_SIZE));
export const getAnnouncement = (lang: Language, id: number) => fetchData('10084', { id, lang });
export const getContact = () => fetchData('10085');
