import { useTranslation } from 'react-i18next';
import { LoadedPage } from '../../components/LoadedPage.tsx';
import { getContact } from '../news/index.ts';

/**
 * Where a channel's value leads: mail, a Telegram or WhatsApp chat, a phone call, or an https
 * page; anything else (support hours, a WeChat ID) is shown as text. Only https and these schemes
 * become links, so an operator typo can never make a javascript: link.
 */
export function channelHref(channel: string, value: string): string | null {
  if (channel === 'email' && /^[^\s@]+@[^\s@]+$/.test(value)) return `mailto:${value}`;
  if (channel === 'telegram') {
    const handle = /^@?([A-Za-z0-9_]{5,32})$/.exec(value)?.[1];
    if (handle) return `https://t.me/${handle}`;
  }
  if (channel === 'whatsapp' && /^\+?[0-9 ]{6,20}$/.test(value))
    return `https://wa.me/${value.replace(/[^0-9]/g, '')}`;
  if (channel === 'phone' && /^\+?[0-9 ()-]{6,24}$/.test(value))
    return `tel:${value.replace(/[^0-9+]/g, '')}`;
  if (/^https:\/\/[^\s]+$/.test(value)) return value;
  return null;
}

function ChannelValue({ channel, value }: { channel: string; value: string }) {
  const href = channelHref(channel, value);
  if (!href) return <span dir="auto">{value}</span>;
  const external = href.startsWith('https:');
  return (
    <a dir="ltr" href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {value}
    </a>
  );
}

/** Contact us (10085): the channels the operator configured. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <LoadedPage title={t('routes.contact')} fetcher={getContact} empty={(c) => c.list.length === 0}>
      {(c) => (
        <section className="card">
          <ul className="contact-list">
            {c.list.map((ch) => (
              <li key={ch.channel}>
                <span>{t(`contactChannels.${ch.channel}`, { defaultValue: ch.channel })}</span>
                <ChannelValue channel={ch.channel} value={ch.value} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </LoadedPage>
  );
}
