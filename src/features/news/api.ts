import type { Page } from '../../../protocol/envelope.ts';
import type { Language } from '../../../protocol/languages.ts';
import type { Announcement, AnnouncementSummary, ContactInfo } from '../../../protocol/news.ts';
import { fetchData, startRead } from '../../lib/api.ts';

export const NEWS_PAGE_SIZE = 10;

const announcementsQuery = (lang: Language, page: number, size: number) => ({ page, size, lang });

export const getAnnouncements = (lang: Language, page: number, size = NEWS_PAGE_SIZE) =>
  fetchData<Page<AnnouncementSummary>>('10083', announcementsQuery(lang, page, size));
/** The first page, started ahead of the screen (see `startRead`). */
export const startAnnouncementsRead = (lang: Language) =>
  startRead('10083', announcementsQuery(lang, 1, NEWS_PAGE_SIZE));
export const getAnnouncement = (lang: Language, id: number) => fetchData<Announcement>('10084', { id, lang });
export const getContact = () => fetchData<ContactInfo>('10085');
