import { useTranslation } from 'react-i18next';
import type { Quote } from '../../protocol/markets.ts';
import { formatClock } from '../lib/format-text.ts';

/**
 * Why an instrument cannot be traded now, or nothing while it can: its live feed has gone quiet
 * ("Price delayed since 14:05", docs/markets.md "Guard rails"), or its market is closed, with
 * when it opens again in the reader's time ("It opens at 2026/11/29 23:00").
 */
export function MarketState({
  quote,
  closedText,
}: {
  quote: Pick<Quote, 'open' | 'delayedSince' | 'opensAt'>;
  closedText: string;
}) {
  const { t } = useTranslation();
  if (quote.delayedSince !== undefined) {
    return (
      <p className="market-closed price-delayed" role="status">
        {quote.delayedSince > 0
          ? t('markets.delayed', { time: formatClock(quote.delayedSince) })
          : t('markets.waiting')}
      </p>
    );
  }
  if (quote.open) return null;
  return (
    <p className="market-closed" role="status">
      {closedText}
      {quote.opensAt ? ` ${t('markets.opensAt', { time: formatClock(quote.opensAt) })}` : ''}
    </p>
  );
}
