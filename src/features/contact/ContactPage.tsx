import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { globalConfig } from '../config/config-model.ts';

/** Contact us: the channels the operator configured (global configuration). */
export function ContactPage() {
  useSignals();
  const { t } = useTranslation();
  const contact = globalConfig.value?.contact ?? [];
  return (
    <>
      <PageHeader title={t('routes.contact')} />
      <section className="card">
        {contact.length === 0 ? (
          <p className="muted">{t('messages.no_data')}</p>
        ) : (
          <ul className="contact-list">
            {contact.map((c) => (
              <li key={c.channel}>
                <span>{t(`contactChannels.${c.channel}`, { defaultValue: c.channel })}</span>
                <span dir="ltr">{c.value}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
