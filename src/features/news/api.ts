import type { Page } from '../../../protocol/envelope.ts';
import type { Announcement, AnnouncementSummary, ContactInfo } from '../../../protocol/news.ts';
import { fetchData } from '../../lib/api.ts';

export const NEWS_PAGE_SIZE = 10;

export const getAnnouncements = (page: number, size = NEWS_PAGE_SIZE) =>
  fetchData<Page<AnnouncementSummary>>('10083', { page, size });
export const getAnnouncement = (id: number) => fetchData<Announcement>('10084', { id });
export const getContact = () => fetchData<ContactInfo>('10085');
