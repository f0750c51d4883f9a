/**
 * Changing an order (/editOrder/{id}): a pending order's price, stop loss and take profit, or an
 * open position's stop loss and take profit, checked against the live price as the server checks.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { InstrumentDetails, Quote } from '../../../protocol/markets.ts';
import type { Order } from '../../../protocol/trading.ts';
import { DecimalField } from '../../components/DecimalField.tsx';
import { Facts } from '../../components/Facts.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { LoadedPage } from '../../components/LoadedPage.tsx';
import { withThousands } from '../../lib/format.ts';
import { useTicks } from '../markets/index.ts';
import { getDetails, getOrder, modifyOrder } from './api.ts';
import { levelsProblem, useOrderForm } from './use-order-form.ts';

function EditForm({ order, details }: { order: Order; details: InstrumentDetails }) {
  const { t } = useTranslation();
  const [quote, setQuote] = useState<Quote>(details.quote);
  useTicks([order.symbol], (q) => q.symbol === order.symbol && setQuote(q));
  const pending = order.status === 'pending';
  const [price, setPrice] = useState(order.price ?? '');
  const [stopLoss, setStopLoss] = useState(order.stopLoss ?? '');
  const [takeProfit, setTakeProfit] = useState(order.takeProfit ?? '');
  const { error, busy, requestId, changed, submit, sent } = useOrderForm();

  const check = (): string => {
    if (!quote.open) return t('errors.trading_not_open');
    return levelsProblem(t, {
      kind: pending ? order.kind : 'market',
      side: order.side,
      price: pending ? price : null,
      stopLoss,
      takeProfit,
      tick: quote,
    });
  };

  const send = async () => {
    await modifyOrder({
      id: order.id,
      price: pending ? price : '',
      stopLoss,
      takeProfit,
      requestId: requestId.current,
    });
    sent(t('trading.modified'));
  };

  const field = (name: string, label: string, value: string, set: (v: string) => void) => (
    <DecimalField
      name={name}
      label={label}
      value={value}
      placeholder={t('trading.optional')}
      onChange={(v) => {
        changed();
        set(v);
      }}
    />
  );

  return (
    <form className="card form edit-order-form" onSubmit={(e) => void submit(e, check, send)} noValidate>
      <Facts
        rows={[
          { label: t('trading.instrument'), value: order.symbol, dir: 'ltr' },
          { label: t('trading.side'), value: `${t(`trading.${order.side}`)} ${order.lots}` },
          { label: t('trading.bid'), value: withThousands(quote.bid), dir: 'ltr' },
          { label: t('trading.ask'), value: withThousands(quote.ask), dir: 'ltr' },
          order.openPrice !== null && {
            label: t('trading.entry'),
            value: withThousands(order.openPrice),
            dir: 'ltr',
          },
          { label: t('trading.margin'), value: `${withThousands(order.margin)} USDT`, dir: 'ltr' },
        ]}
      />
      {pending ? field('price', t('trading.price'), price, setPrice) : null}
      {field('stopLoss', t('trading.stopLoss'), stopLoss, setStopLoss)}
      {field('takeProfit', t('trading.takeProfit'), takeProfit, setTakeProfit)}
      <FormSubmit error={error} busy={busy} label={t('trading.save')} />
    </form>
  );
}

export function EditOrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id: string }>();
  const fetcher = async () => {
    if (!/^[1-9][0-9]{0,15}$/.test(id)) throw new Error(t('errors.not_found'));
    const order = await getOrder(Number(id));
    return { order, details: await getDetails(order.symbol) };
  };
  return (
    <LoadedPage title={t('routes.editOrder')} fetcher={fetcher} deps={[id]}>
      {(d) => <EditForm order={d.order} details={d.details} />}
    </LoadedPage>
  );
}
