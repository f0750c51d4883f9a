/**
 * Staking (/Staking, and /staking without a wallet): pick a coin and a plan, enter an amount
 * between the plan's bounds, see the estimated earnings and the expiration time as you type.
 * Sold-out plans are shown but cannot be picked.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { Link, useLocation } from 'wouter';
import {
  compareUnits,
  maturityOf,
  minOf,
  type StakingPlan,
  stakeInterest,
} from '../../../protocol/staking.ts';
import { decimalAmount } from '../../../protocol/validation.ts';
import { paths } from '../../app/paths.ts';
import { currentUser } from '../../app/store.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../components/toast.ts';
import { When } from '../../components/When.tsx';
import { subtract, withThousands } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { ConnectButton } from '../account/ConnectButton.tsx';
import { globalConfig } from '../config/config-model.ts';
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
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  // One requestId per intended stake: a retry after a lost answer cannot stake twice.
  const requestId = useRef(crypto.randomUUID());
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
  const limitMax = compareUnits(room, plan.min) >= 0 && compareUnits(room, plan.max) < 0 ? room : plan.max;

  const check = (): string => {
    if (plan.soldOut) return t('errors.plan_sold_out', { coin });
    if (!amount) return t('errors.field_required', { field: t('staking.amount') });
    if (!isAmount(amount)) return t('errors.field_invalid', { field: t('staking.amount') });
    const decimals = amount.split('.')[1]?.replace(/0+$/, '').length ?? 0;
    if (decimals > precision || compareUnits(amount, plan.min) < 0 || compareUnits(amount, plan.max) > 0) {
      return t('errors.amount_out_of_range', { min: plan.min, max: plan.max });
    }
    if (compareUnits(amount, room) > 0) return t('errors.stake_limit_exceeded', { max: room, coin });
    if (available.data !== null && available.data !== undefined && compareUnits(amount, available.data) > 0)
      return t('errors.insufficient_balance', { coin });
    return '';
  };

  const changed = () => {
    requestId.current = crypto.randomUUID();
    setError('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (problem || busy) return;
    setBusy(true);
    try {
      await stake({ planId: plan.id, amount, requestId: requestId.current });
      requestId.current = crypto.randomUUID();
      setVersion((n) => n + 1);
      toast.success(t('staking.done'));
      navigate(paths.stakingRecord.path);
    } catch (e) {
      // The server's message was toasted; keep it beside the form too.
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form staking-form" onSubmit={(e) => void submit(e)} noValidate>
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
      <dl className="facts">
        <div>
          <dt>{t('staking.apr')}</dt>
          <dd dir="ltr">{plan.apr}%</dd>
        </div>
        <div>
          <dt>{t('staking.early')}</dt>
          <dd>{plan.earlyRedemption ? t('staking.earlyYes') : t('staking.earlyNo')}</dd>
        </div>
        <div>
          <dt>{t('staking.min')}</dt>
          <dd dir="ltr">
            {withThousands(plan.min)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('staking.maxPerUser')}</dt>
          <dd dir="ltr">
            {withThousands(plan.max)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('staking.remaining')}</dt>
          <dd dir="ltr" className={plan.soldOut ? 'sold-out-text' : undefined}>
            {plan.soldOut ? t('staking.soldOut') : `${withThousands(plan.remaining)} ${coin}`}
          </dd>
        </div>
      </dl>
      <label className="field">
        <span>{t('staking.amount')}</span>
        <span className="input-with-button">
          <input
            name="amount"
            dir="ltr"
            inputMode="decimal"
            autoComplete="off"
            disabled={plan.soldOut}
            placeholder={t('staking.limits', { min: plan.min, max: limitMax })}
            value={amount}
            onChange={(e) => {
              changed();
              setAmount(e.target.value.trim());
            }}
          />
          <button
            type="button"
            className="link-button"
            disabled={plan.soldOut}
            onClick={() => {
              changed();
              const cap = typeof available.data === 'string' ? minOf(limitMax, available.data) : limitMax;
              setAmount(cap);
            }}
          >
            {t('staking.max')}
          </button>
        </span>
        {typeof available.data === 'string' ? (
          <span className="muted small">
            {t('staking.available', { amount: withThousands(available.data), coin })}
          </span>
        ) : null}
        {compareUnits(plan.staked, '0') > 0 ? (
          <span className="muted small">
            {t('staking.yourStake', { amount: withThousands(plan.staked), coin })}
          </span>
        ) : null}
      </label>
      <dl className="facts">
        <div>
          <dt>{t('staking.estimated')}</dt>
          <dd dir="ltr" className="estimate">
            {estimate ? `${withThousands(estimate)} ${coin}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('staking.expires')}</dt>
          <dd>
            <When at={maturityOf(Math.floor(Date.now() / 60_000) * 60_000, plan.days)} />
          </dd>
        </div>
      </dl>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {user ? (
        <button
          type="submit"
          className="button button-primary block"
          disabled={busy || plan.soldOut}
          aria-busy={busy}
        >
          {busy ? t('app.loading') : plan.soldOut ? t('staking.soldOut') : t('staking.submit')}
        </button>
      ) : (
        <div className="connect-to-stake">
          <p className="muted">{t('staking.connectFirst')}</p>
          <ConnectButton />
        </div>
      )}
      <Link href={user ? paths.stakingRecord.path : paths.stakingRecordPublic.path} className="link-button">
        {t('routes.stakingRecord')}
      </Link>
    </form>
  );
}

export function StakingPage() {
  const { t } = useTranslation();
  const load = useLoad(getPlans, []);
  return (
    <>
      <PageHeader title={t('routes.staking')} />
      <YieldLabel link={false} />
      <LoadState load={load} empty={(list) => list.length === 0}>
        {(plans) => <StakingForm plans={plans} />}
      </LoadState>
    </>
  );
}
