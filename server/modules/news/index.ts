/**
 * News: the operator's announcements in every language. Other modules read an announcement's
 * texts and the order in which languages stand in for one another.
 */
export { announcementTextsOf, languageOrder } from './news.service.ts';
