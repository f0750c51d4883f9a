import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../protocol/markets.ts';
import { formatClock } from '../../lib/format-text.ts';

/**
 * Why an instrument cannot be traded now, or nothing while it can: its live feed has gone quiet
 * ("Price delayed since 14:05", docs/markets.md "Guard rails"), or its market is closed.
 */
export function MarketState({
  quote,
  closedText,
}: {
  quote: Pick<Quote, 'open' | 'delayedSince'>;
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
  return quote.open ? null : <p className="market-closed">{closedText}</p>;
}
