import type { Page } from '../../../protocol/envelope.ts';
import type { Language } from '../../../protocol/languages.ts';
import type { Announcement, AnnouncementSummary, ContactInfo } from '../../../protocol/news.ts';
import { fetchData } from '../../lib/api.ts';

export const NEWS_PAGE_SIZE = 10;

export const getAnnouncements = (lang: Language, page: number, size = NEWS_PAGE_SIZE) =>
  fetchData<Page<AnnouncementSummary>>('10083', { page, size, lang });
export const getAnnouncement = (lang: Language, id: number) => fetchData<Announcement>('10084', { id, lang });
export const getContact = () => fetchData<ContactInfo>('10085');
