/**
 * The announcements feature, as other features use it: the contact channels' read (10085), the
 * latest announcement home shows, and the feature's styles (the contact list is styled there).
 * The first page imports this file (home's screen).
 */
import './news.css';

export { getContact } from './api.ts';
export { LatestAnnouncement } from './LatestAnnouncement.tsx';
