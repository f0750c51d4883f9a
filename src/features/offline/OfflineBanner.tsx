import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../lib/format-text.ts';
import { cachedFrom, online } from '../../lib/network.ts';

/**
 * Says so whenever the browser reports no network, and when the data on screen came from the
 * service worker's cache, from when ("offline, data from HH:MM"). Screens refresh by themselves
 * when the connection returns (src/lib/use-load.ts).
 */
export function OfflineBanner() {
  useSignals();
  const { t } = useTranslation();
  const from = cachedFrom.value;
  if (online.value && from === null) return null;
  const text = online.value
    ? t('offline.slowDataFrom', { time: formatClock(from ?? Date.now()) })
    : from === null
      ? t('offline.banner')
      : t('offline.dataFrom', { time: formatClock(from) });
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {text}
    </div>
  );
}
