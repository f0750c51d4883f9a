/**
 * Renting a machine (10052) or buying joint-venture shares (10058): a whole count, checked as the
 * server checks it, then a sheet that shows rent, fee, total, estimated output and the cycle
 * before the user confirms. One requestId per intended purchase: a retry after a lost answer
 * cannot buy twice.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { MiningMachine } from '../../../protocol/mining.ts';
import { currentUser } from '../../app/store.ts';
import { AmountField } from '../../components/AmountField.tsx';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { Facts } from '../../components/Facts.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { toast } from '../../components/toast.ts';
import { withThousands } from '../../lib/format.ts';
import { formatDay } from '../../lib/format-text.ts';
import { paths } from '../../lib/paths.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useRequestId } from '../../lib/use-request-id.ts';
import { getAssets } from '../assets/index.ts';
import { globalConfig } from '../config/index.ts';
import { ConnectFirst } from '../signed-in/index.ts';
import { buyShares, rentMachine } from './api.ts';
import { checkPurchase, maxAffordable, type PurchaseProblem, purchaseSummary } from './purchase.ts';

function Summary({ machine: m, units }: { machine: MiningMachine; units: number }) {
  const { t } = useTranslation();
  useSignals();
  const precision = globalConfig.value?.coins.find((c) => c.symbol === m.coin)?.precision ?? 8;
  const s = purchaseSummary(m, units, precision, Date.now());
  return (
    <Facts
      className="purchase-summary"
      rows={[
        // The price per step times the count: "3.7 USDT × 5 = 18.5 USDT", never the product under
        // the label of one step.
        {
          label: m.joint ? t('mining.pricePerShare') : t('mining.rent'),
          value:
            units === 1
              ? `${withThousands(s.rent)} USDT`
              : `${withThousands(m.rent)} USDT × ${units} = ${withThousands(s.rent)} USDT`,
          dir: 'ltr',
          wide: true,
        },
        { label: t('mining.serviceFee'), value: `${withThousands(s.fee)} USDT`, dir: 'ltr' },
        {
          label: t('mining.total'),
          value: `${withThousands(s.total)} USDT`,
          dir: 'ltr',
          className: 'estimate',
        },
        { label: t('mining.estimatedDaily'), value: `${withThousands(s.daily)} ${m.coin}`, dir: 'ltr' },
        {
          label: t('mining.cycleOutput'),
          value: `${withThousands(s.cycleOutput)} ${m.coin}${s.cycleValue === null ? '' : ` ≈ ${withThousands(s.cycleValue)} USDT`}`,
          dir: 'ltr',
        },
        { label: t('mining.cycle'), value: `${formatDay(s.firstDay)} – ${formatDay(s.lastDay)}`, dir: 'ltr' },
      ]}
    />
  );
}

export function PurchaseForm({ machine: m, onDone }: { machine: MiningMachine; onDone(): void }) {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const user = currentUser();
  const [typed, setTyped] = useState(String(m.minPurchase));
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useBusy();
  const requestId = useRequestId();
  const balance = useLoad(
    async () => (user ? ((await getAssets()).assets.find((a) => a.coin === 'USDT')?.available ?? '0') : null),
    [user?.address],
  );
  const available = typeof balance.data === 'string' ? balance.data : null;
  const field = m.joint ? t('mining.shares') : t('mining.quantity');

  const message = (p: PurchaseProblem): string => {
    switch (p.key) {
      case 'errors.field_required':
      case 'errors.field_invalid':
        return t(p.key, { field });
      case 'errors.purchase_below_minimum':
        return t(p.key, { num: p.num });
      case 'errors.purchase_above_available':
        return t(p.key, { max: p.max });
      case 'errors.machine_sold_out':
        return t(p.key, { name: m.name });
      case 'errors.insufficient_balance':
        return t(p.key, { coin: 'USDT' });
    }
  };

  const changed = (value: string) => {
    requestId.renew();
    setError('');
    setTyped(value);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkPurchase(m, typed, available);
    setError(problem ? message(problem) : '');
    if (!problem) setConfirming(true);
  };

  const confirm = async () => {
    await run(async () => {
      try {
        const units = Number(typed);
        if (m.joint) await buyShares({ productId: m.id, shares: units, requestId: requestId.current });
        else await rentMachine({ productId: m.id, quantity: units, requestId: requestId.current });
        requestId.renew();
        toast.success(m.joint ? t('mining.sharesBought') : t('mining.rented'));
        onDone();
        navigate(paths.myMiningMachine.path);
      } catch (e) {
        // The server's message was toasted; keep it beside the form too.
        setError((e as Error).message);
        setConfirming(false);
      }
    });
  };

  if (!user) {
    return <ConnectFirst className="connect-to-stake" text={t('mining.connectFirst')} />;
  }
  const units = /^[1-9][0-9]{0,5}$/.test(typed) ? Number(typed) : 0;
  return (
    <form className="card form purchase-form" onSubmit={review} noValidate>
      <AmountField
        label={field}
        name="quantity"
        whole
        value={typed}
        disabled={m.soldOut}
        placeholder={t('errors.purchase_below_minimum', { num: m.minPurchase })}
        maxLabel={t('staking.max')}
        onChange={changed}
        onMax={() => changed(String(Math.max(maxAffordable(m, available), m.minPurchase)))}
        hint={
          available !== null ? (
            <span className="muted small">
              {t('staking.available', { amount: withThousands(available), coin: 'USDT' })}
            </span>
          ) : null
        }
      />
      {units > 0 ? <Summary machine={m} units={units} /> : null}
      <FormSubmit
        error={error}
        busy={false}
        disabled={m.soldOut}
        label={m.soldOut ? t('mining.soldOut') : m.joint ? t('mining.buyShares') : t('mining.rentNow')}
      />
      {confirming ? (
        <ConfirmSheet
          title={m.name}
          subtitle={
            m.joint
              ? t('mining.unitsShares', { count: units, total: m.shares })
              : t('mining.units', { count: units })
          }
          confirmLabel={m.joint ? t('mining.confirmShares') : t('mining.confirmRent')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          <Summary machine={m} units={units} />
        </ConfirmSheet>
      ) : null}
    </form>
  );
}
