/**
 * Staking (/Staking, and /staking without a wallet): pick a coin and a plan, enter an amount
 * between the plan's bounds, see the estimated earnings and the expiration time as you type.
 * Sold-out plans are shown but cannot be picked.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useLocation } from 'wouter';
import { compare, minOf, sum } from '../../../protocol/money.ts';
import { maturityOf, type StakingPlan, stakeInterest } from '../../../protocol/staking.ts';
import { decimalAmount } from '../../../protocol/validation.ts';
import { currentUser } from '../../app/store.ts';
import { AmountField } from '../../components/AmountField.tsx';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { Facts } from '../../components/Facts.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { LoadedPage } from '../../components/LoadedPage.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { toast } from '../../components/toast.ts';
import { When } from '../../components/When.tsx';
import { subtract, withThousands } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useSendForm } from '../../lib/use-send-form.ts';
import { globalConfig } from '../config/index.ts';
import { ConnectFirst } from '../signed-in/index.ts';
import { getAvailable, getPlans, stake } from './api.ts';
import { YieldLabel } from './YieldLabel.tsx';

const isAmount = (value: string) => v.is(decimalAmount(18), value);

/** What this user may still stake in the plan: the plan's remainder and their own maximum. */
function roomOf(plan: StakingPlan): string {
  const own = subtract(plan.max, plan.staked);
  return minOf(plan.remaining, own.startsWith('-') ? '0' : own);
}

function PlanPicker({
  plans,
  selected,
  onPick,
}: {
  plans: StakingPlan[];
  selected: StakingPlan;
  onPick(plan: StakingPlan): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="plan-grid">
      {plans.map((p) => (
        <button
          key={p.id}
          type="button"
          aria-pressed={p.id === selected.id}
          className={`plan-option${p.id === selected.id ? ' active' : ''}${p.soldOut ? ' sold-out' : ''}`}
          disabled={p.soldOut}
          onClick={() => onPick(p)}
        >
          <span className="plan-days">
            <b dir="ltr">{p.days}</b> {t('staking.daysUnit')}
          </span>
          <span className="plan-apr" dir="ltr">
            {p.apr}%
          </span>
          {p.soldOut ? <span className="badge">{t('staking.soldOut')}</span> : null}
        </button>
      ))}
    </div>
  );
}

function StakingForm({ plans }: { plans: StakingPlan[] }) {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const user = currentUser();
  const coins = [...new Set(plans.map((p) => p.coin))];
  const firstOpen = (coin: string) =>
    plans.find((p) => p.coin === coin && !p.soldOut) ?? plans.find((p) => p.coin === coin);
  const [coin, setCoin] = useState(() => (plans.find((p) => !p.soldOut) ?? plans[0])?.coin ?? '');
  const coinPlans = plans.filter((p) => p.coin === coin);
  const [planId, setPlanId] = useState(() => firstOpen(coin)?.id ?? 0);
  const plan = coinPlans.find((p) => p.id === planId) ?? coinPlans[0];
  const [amount, setAmount] = useState('');
  // One requestId per intended stake: a retry after a lost answer cannot stake twice.
  const { error, busy, requestId, changed, attempt, review } = useSendForm();
  // Money moves only after the sheet shows what is staked, for how long, and what comes back.
  const [confirming, setConfirming] = useState(false);
  const [version, setVersion] = useState(0);
  const available = useLoad(
    () => (user ? getAvailable(coin) : Promise.resolve(null)),
    [coin, user?.address, version],
  );
  const precision = globalConfig.value?.coins.find((c) => c.symbol === coin)?.precision ?? 18;
  const estimate = useMemo(() => {
    if (!plan || !isAmount(amount)) return '';
    try {
      return stakeInterest(amount, plan.apr, plan.days, precision);
    } catch {
      return '';
    }
  }, [amount, plan, precision]);

  if (!plan) return <p className="muted">{t('messages.no_data')}</p>;
  const room = roomOf(plan);
  // The bounds shown are the plan's, narrowed to what this user can still stake while that is
  // enough for one stake; a sold-out plan shows its own bounds.
  const limitMax = compare(room, plan.min) >= 0 && compare(room, plan.max) < 0 ? room : plan.max;

  const check = (): string => {
    if (plan.soldOut) return t('errors.plan_sold_out', { coin });
    if (!amount) return t('errors.field_required', { field: t('staking.amount') });
    if (!isAmount(amount)) return t('errors.field_invalid', { field: t('staking.amount') });
    const decimals = amount.split('.')[1]?.replace(/0+$/, '').length ?? 0;
    if (decimals > precision || compare(amount, plan.min) < 0 || compare(amount, plan.max) > 0) {
      return t('errors.amount_out_of_range', { min: plan.min, max: plan.max });
    }
    if (compare(amount, room) > 0) return t('errors.stake_limit_exceeded', { max: room, coin });
    if (available.data !== null && available.data !== undefined && compare(amount, available.data) > 0)
      return t('errors.insufficient_balance', { coin });
    return '';
  };

  const send = async () => {
    await stake({ planId: plan.id, amount, requestId: requestId.current });
    requestId.renew();
    setVersion((n) => n + 1);
    setConfirming(false);
    toast.success(t('staking.done'));
    navigate(paths.stakingRecord.path);
  };
  const maturity = maturityOf(Math.floor(Date.now() / 60_000) * 60_000, plan.days);

  return (
    <form className="card form staking-form" onSubmit={(e) => setConfirming(review(e, check))} noValidate>
      <div className="field">
        <span>{t('staking.coin')}</span>
        <div className="chips">
          {coins.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={c === coin}
              className={`chip${c === coin ? ' active' : ''}`}
              onClick={() => {
                changed();
                setCoin(c);
                setPlanId(firstOpen(c)?.id ?? 0);
              }}
            >
              {c}
            </button>
          ))}
        </div>
      </div>
      <div className="field">
        <span>{t('staking.plan')}</span>
        <PlanPicker
          plans={coinPlans}
          selected={plan}
          onPick={(p) => {
            changed();
            setPlanId(p.id);
          }}
        />
      </div>
      <Facts
        rows={[
          { label: t('staking.apr'), value: `${plan.apr}%`, dir: 'ltr' },
          {
            label: t('staking.early'),
            value: plan.earlyRedemption ? t('staking.earlyYes') : t('staking.earlyNo'),
          },
          { label: t('staking.min'), value: `${withThousands(plan.min)} ${coin}`, dir: 'ltr' },
          { label: t('staking.maxPerUser'), value: `${withThousands(plan.max)} ${coin}`, dir: 'ltr' },
          {
            label: t('staking.remaining'),
            value: plan.soldOut ? t('staking.soldOut') : `${withThousands(plan.remaining)} ${coin}`,
            dir: 'ltr',
            className: plan.soldOut ? 'sold-out-text' : undefined,
          },
        ]}
      />
      <AmountField
        label={t('staking.amount')}
        name="amount"
        value={amount}
        disabled={plan.soldOut}
        placeholder={t('staking.limits', { min: plan.min, max: limitMax })}
        maxLabel={t('staking.max')}
        onChange={(value) => {
          changed();
          setAmount(value);
        }}
        onMax={() => {
          changed();
          setAmount(typeof available.data === 'string' ? minOf(limitMax, available.data) : limitMax);
        }}
        hint={
          <>
            {typeof available.data === 'string' ? (
              <span className="muted small">
                {t('staking.available', { amount: withThousands(available.data), coin })}
              </span>
            ) : null}
            {compare(plan.staked, '0') > 0 ? (
              <span className="muted small">
                {t('staking.yourStake', { amount: withThousands(plan.staked), coin })}
              </span>
            ) : null}
          </>
        }
      />
      <Facts
        rows={[
          {
            label: t('staking.estimated'),
            value: estimate ? `${withThousands(estimate)} ${coin}` : '--',
            dir: 'ltr',
            className: 'estimate',
          },
          {
            label: t('staking.expires'),
            value: <When at={maturity} />,
          },
        ]}
      />
      {user ? (
        <FormSubmit
          error={error}
          busy={busy}
          disabled={plan.soldOut}
          label={plan.soldOut ? t('staking.soldOut') : t('staking.submit')}
        />
      ) : (
        <ConnectFirst card={false} className="connect-to-stake" text={t('staking.connectFirst')} />
      )}
      {user && confirming ? (
        <ConfirmSheet
          title={t('staking.confirmTitle')}
          subtitle={`${plan.days} ${t('staking.daysUnit')} · ${t('staking.apr')} ${plan.apr}%`}
          confirmLabel={t('staking.confirm')}
          busy={busy}
          onConfirm={() => void attempt(send, () => setConfirming(false))}
          onCancel={() => setConfirming(false)}
        >
          <Facts
            rows={[
              { label: t('staking.youStake'), value: `${withThousands(amount)} ${coin}`, dir: 'ltr' },
              {
                label: t('staking.youGet'),
                value: estimate ? `${withThousands(sum([amount, estimate]))} ${coin}` : '--',
                dir: 'ltr',
                className: 'estimate',
              },
              { label: t('staking.lock'), value: <When at={maturity} /> },
              { label: t('staking.fee'), value: t('staking.feeNone') },
              {
                label: t('staking.early'),
                value: plan.earlyRedemption ? t('staking.earlyYes') : t('staking.earlyNo'),
                wide: true,
              },
            ]}
          />
        </ConfirmSheet>
      ) : null}
      <RouteLink to={user ? 'stakingRecord' : 'stakingRecordPublic'} />
    </form>
  );
}

export function StakingPage() {
  const { t } = useTranslation();
  return (
    <LoadedPage
      title={t('routes.staking')}
      fetcher={getPlans}
      intro={<YieldLabel link={false} />}
      empty={(list) => list.length === 0}
    >
      {(plans) => <StakingForm plans={plans} />}
    </LoadedPage>
  );
}
