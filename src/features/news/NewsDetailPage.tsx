import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { map } from '../../app/store.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { NotFoundCard } from '../../components/NotFoundCard.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { When } from '../../components/When.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { getAnnouncement } from './api.ts';
import './news.css';
import { PinnedBadge } from './PinnedBadge.tsx';
import { RichText } from './RichText.tsx';

/** One announcement (10084), opened from the list, the home card or a push notification. */
export function NewsDetailPage() {
  const { t } = useTranslation();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  return (
    <>
      <PageHeader title={t('routes.newsDetail')} />
      {Number.isInteger(id) && id > 0 ? <Announcement id={id} /> : <NotFoundCard back="news" />}
    </>
  );
}

function Announcement({ id }: { id: number }) {
  useSignals();
  const lang = map.language.value;
  const load = useLoad(() => getAnnouncement(lang, id), [lang, id]);
  return (
    <LoadState load={load}>
      {(a) => (
        <article className="card announcement" lang={a.lang}>
          <h2>{a.title}</h2>
          <p className="muted small announcement-meta">
            {a.pinned ? <PinnedBadge /> : null}
            <When at={a.publishedAt} />
          </p>
          <RichText html={a.body} />
        </article>
      )}
    </LoadState>
  );
}
