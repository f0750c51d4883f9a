import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { getContact } from '../news/api.ts';
import '../news/news.css';

/** Contact us (10085): the channels the operator configured. */
export function ContactPage() {
  const { t } = useTranslation();
  const load = useLoad(getContact, []);
  return (
    <>
      <PageHeader title={t('routes.contact')} />
      <LoadState load={load} empty={(c) => c.list.length === 0}>
        {(c) => (
          <section className="card">
            <ul className="contact-list">
              {c.list.map((ch) => (
                <li key={ch.channel}>
                  <span>{t(`contactChannels.${ch.channel}`, { defaultValue: ch.channel })}</span>
                  {ch.channel === 'email' ? (
                    <a dir="ltr" href={`mailto:${ch.value}`}>
                      {ch.value}
                    </a>
                  ) : (
                    <span dir="ltr">{ch.value}</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
      </LoadState>
    </>
  );
}
