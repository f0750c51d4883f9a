import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_DIRECTIONS, type AlertDirection, type PriceAlert } from '../../../protocol/alerts.ts';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { DecimalField } from '../../components/DecimalField.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { compareDecimal } from '../../lib/format.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { useRequestId } from '../../lib/use-request-id.ts';
import { setAlert } from './api.ts';

/**
 * "Alert me when SYMBOL is above / below PRICE": the level starts at the current price and the
 * direction follows the level the user types (above the price means "above"), which the user may
 * still flip. The server refuses a level the price has already reached.
 */
export function AlertSheet({
  symbol,
  last,
  precision,
  onClose,
  onSet,
}: {
  symbol: string;
  last: string;
  precision: number;
  onClose(): void;
  onSet(alert: PriceAlert): void;
}) {
  const { t } = useTranslation();
  const [price, setPrice] = useState(last);
  const [direction, setDirection] = useState<AlertDirection>('above');
  const { busy, run } = useBusy();
  // One id per alert as typed: a retry of the same alert is recognised, a changed one is new.
  const requestId = useRequestId();
  const valid = new RegExp(`^(0|[1-9][0-9]*)(\\.[0-9]{1,${Math.max(1, precision)}})?$`).test(price);

  const typed = (value: string) => {
    requestId.renew();
    setPrice(value);
    if (/^[0-9.]+$/.test(value) && /[1-9]/.test(value)) {
      const side = compareDecimal(value, last);
      if (side === 1) setDirection('above');
      if (side === -1) setDirection('below');
    }
  };

  const submit = async () => {
    await run(async () => {
      try {
        onSet(await setAlert({ symbol, direction, price, requestId: requestId.current }));
        onClose();
      } catch {
        // The server's reason is shown as a toast.
      }
    });
  };

  return (
    <ConfirmSheet
      title={t('alerts.new', { symbol })}
      subtitle={t('alerts.explain')}
      confirmLabel={t('alerts.set')}
      busy={busy || !valid}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <Segmented
        legend={t('alerts.direction')}
        options={ALERT_DIRECTIONS}
        value={direction}
        label={(d) => t(`alerts.${d}`)}
        dataName="direction"
        onSelect={(d) => {
          requestId.renew();
          setDirection(d);
        }}
      />
      <DecimalField name="price" label={t('alerts.level')} value={price} onChange={typed} />
    </ConfirmSheet>
  );
}
