import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Page } from '../../../protocol/envelope.ts';
import type { AnnouncementSummary } from '../../../protocol/news.ts';
import { announcementPath } from '../../../protocol/news-path.ts';
import { map } from '../../app/store.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { When } from '../../components/When.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { PushSwitch } from '../push/index.ts';
import { answeredAnnouncements, getAnnouncements } from './api.ts';
import './news.css';
import { PinnedBadge } from './PinnedBadge.tsx';

function AnnouncementItem({ a }: { a: AnnouncementSummary }) {
  return (
    <li>
      <Link href={announcementPath(a.id)} className="news-item">
        <span className="news-title">
          {a.pinned ? <PinnedBadge /> : null}
          <strong lang={a.lang}>{a.title}</strong>
        </span>
        <span className="news-summary muted" lang={a.lang}>
          {a.summary}
        </span>
        <span className="muted small">
          <When at={a.publishedAt} />
        </span>
      </Link>
    </li>
  );
}

/** The announcement list (10083): pinned first, then newest first, one page more at a time. */
export function NewsListPage() {
  useSignals();
  const { t } = useTranslation();
  const lang = map.language.value;
  const [pages, setPages] = useState(1);
  const load = useLoad<Pick<Page<AnnouncementSummary>, 'list' | 'total'>>(
    async () => {
      const first = await getAnnouncements(lang, 1);
      // The first page as it came: when the page brought it, the same answer the first render
      // showed, so taking it renders nothing again (src/lib/use-load.ts).
      if (pages === 1) return first;
      const list = [...first.list];
      for (let p = 2; p <= pages; p++) list.push(...(await getAnnouncements(lang, p)).list);
      return { list, total: first.total };
    },
    [lang, pages],
    () => (pages === 1 ? answeredAnnouncements(lang) : undefined),
  );
  return (
    <>
      <PageHeader title={t('routes.news')} />
      <PushSwitch />
      <LoadState load={load} empty={(p) => p.list.length === 0}>
        {(p) => (
          <section className="card">
            <ul className="news-list">
              {p.list.map((a) => (
                <AnnouncementItem key={a.id} a={a} />
              ))}
            </ul>
            {p.list.length < p.total ? (
              <button type="button" className="button button-secondary" onClick={() => setPages(pages + 1)}>
                {t('news.more')}
              </button>
            ) : null}
          </section>
        )}
      </LoadState>
    </>
  );
}
