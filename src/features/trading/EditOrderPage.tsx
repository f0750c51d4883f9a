/**
 * Changing an order (/editOrder/{id}): a pending order's price, stop loss and take profit, or an
 * open position's stop loss and take profit, checked against the live price as the server checks.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { InstrumentDetails, Quote } from '../../../protocol/markets.ts';
import { checkLevels, type Order } from '../../../protocol/trading.ts';
import { DecimalField } from '../../components/DecimalField.tsx';
import { Facts } from '../../components/Facts.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../components/toast.ts';
import { withThousands } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useRequestId } from '../../lib/use-request-id.ts';
import { useTicks } from '../markets/index.ts';
import { getDetails, getOrder, modifyOrder } from './api.ts';
import { isPrice } from './order-figures.ts';

function EditForm({ order, details }: { order: Order; details: InstrumentDetails }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [quote, setQuote] = useState<Quote>(details.quote);
  useTicks([order.symbol], (q) => q.symbol === order.symbol && setQuote(q));
  const pending = order.status === 'pending';
  const [price, setPrice] = useState(order.price ?? '');
  const [stopLoss, setStopLoss] = useState(order.stopLoss ?? '');
  const [takeProfit, setTakeProfit] = useState(order.takeProfit ?? '');
  const [error, setError] = useState('');
  const { busy, run } = useBusy();
  const requestId = useRequestId();

  const check = (): string => {
    if (!quote.open) return t('errors.trading_not_open');
    for (const [value, field] of [
      [pending ? price : '0', t('trading.price')],
      [stopLoss, t('trading.stopLoss')],
      [takeProfit, t('trading.takeProfit')],
    ] as const) {
      if (value !== '' && !isPrice(value)) return t('errors.field_invalid', { field });
    }
    const problem = checkLevels({
      kind: pending ? order.kind : 'market',
      side: order.side,
      price: pending ? price : null,
      stopLoss: stopLoss || null,
      takeProfit: takeProfit || null,
      tick: quote,
    });
    return problem ? t(`errors.${problem}`) : '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (problem) return;
    await run(async () => {
      try {
        await modifyOrder({
          id: order.id,
          price: pending ? price : '',
          stopLoss,
          takeProfit,
          requestId: requestId.current,
        });
        requestId.renew();
        toast.success(t('trading.modified'));
        navigate(paths.futuresOrder.path);
      } catch (e) {
        setError((e as Error).message);
      }
    });
  };

  const field = (name: string, label: string, value: string, set: (v: string) => void) => (
    <DecimalField
      name={name}
      label={label}
      value={value}
      placeholder={t('trading.optional')}
      onChange={(v) => {
        requestId.renew();
        setError('');
        set(v);
      }}
    />
  );

  return (
    <form className="card form edit-order-form" onSubmit={(e) => void submit(e)} noValidate>
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
  const load = useLoad(async () => {
    if (!/^[1-9][0-9]{0,15}$/.test(id)) throw new Error(t('errors.not_found'));
    const order = await getOrder(Number(id));
    return { order, details: await getDetails(order.symbol) };
  }, [id]);
  return (
    <>
      <PageHeader title={t('routes.editOrder')} />
      <LoadState load={load}>{(d) => <EditForm order={d.order} details={d.details} />}</LoadState>
    </>
  );
}
