import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AnnouncementSummary } from '../../../protocol/news.ts';
import { announcementPath } from '../../../protocol/news-path.ts';
import { map } from '../../app/store.ts';
import { When } from '../../components/When.tsx';
import { paths } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { answeredAnnouncements, getAnnouncements } from './api.ts';
import './news.css';

/**
 * The home page's announcement strip: the most recently published announcement (pinned or not)
 * and a link to the list. It stays out of the way: an empty strip while loading, nothing when
 * failed or empty.
 */
export function LatestAnnouncement() {
  useSignals();
  const { t } = useTranslation();
  const lang = map.language.value;
  const load = useLoad(
    async () => latestOf((await getAnnouncements(lang, 1)).list),
    [lang],
    () => {
      const first = answeredAnnouncements(lang);
      return first && latestOf(first.list);
    },
  );
  // While loading, an invisible strip of the same height holds the place, so the cards below do
  // not jump when it arrives (layout shift).
  if (load.state === 'loading') return <LatestAnnouncementPlaceholder />;
  if (load.state !== 'ready' || !load.data) return null;
  const a = load.data;
  return (
    <section className="card latest-news" aria-label={t('news.latest')}>
      <svg className="latest-news-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M4 10v4h3l5 4V6L7 10H4zm12.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z"
          fill="currentColor"
        />
      </svg>
      <Link href={announcementPath(a.id)} className="latest-news-link">
        <strong lang={a.lang}>{a.title}</strong>
        <span className="muted small">
          <When at={a.publishedAt} />
        </span>
      </Link>
      <Link href={paths.news.path} className="latest-news-more">
        {t('news.more')}
      </Link>
    </section>
  );
}

function LatestAnnouncementPlaceholder() {
  return (
    <section className="card latest-news placeholder" aria-hidden="true">
      <span className="latest-news-link">
        <strong>&nbsp;</strong>
        <span className="small">&nbsp;</span>
      </span>
    </section>
  );
}

/** Pinned ones come first in the list; the newest is the latest of the first page. */
function latestOf(list: AnnouncementSummary[]): AnnouncementSummary | null {
  return list.reduce<AnnouncementSummary | null>(
    (latest, a) => (!latest || a.publishedAt > latest.publishedAt ? a : latest),
    null,
  );
}
