/**
 * Placing an order (/placeOrder?symbol=): the instrument, buy or sell at the live bid and ask, the
 * order type, lots by steps, optional stop loss and take profit with their distance in price and
 * in USDT, the margin it needs beside the available balance, then a sheet to confirm.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { InstrumentDetails, Quote } from '../../../protocol/markets.ts';
import { ORDER_KINDS, type OrderKind, type Side, sideOf } from '../../../protocol/trading.ts';
import { currentUser, map, setLastTraded } from '../../app/store.ts';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { DecimalField } from '../../components/DecimalField.tsx';
import { Facts } from '../../components/Facts.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { LoadState } from '../../components/LoadState.tsx';
import { MarketState } from '../../components/MarketState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { compareDecimal, withThousands } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { getAssets } from '../assets/index.ts';
import { formatPrice, getMarkets, useTicks } from '../markets/index.ts';
import { getDetails, placeOrder } from './api.ts';
import {
  commissionOf,
  entryPrice,
  isLots,
  isPrice,
  levelFigures,
  requiredMargin,
  stepLots,
} from './order-figures.ts';
import { usePickerSymbols } from './picker-symbols.ts';
import { levelsProblem, useOrderForm } from './use-order-form.ts';

function LevelInput({
  name,
  label,
  value,
  onChange,
  figures,
}: {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  figures: { distance: string; usdt: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <DecimalField
      name={name}
      label={label}
      value={value}
      onChange={onChange}
      placeholder={t('trading.optional')}
    >
      {figures ? (
        <span className="muted small level-figures" dir="ltr">
          Δ {figures.distance} · {figures.usdt.startsWith('-') ? '' : '+'}
          {withThousands(figures.usdt)} USDT
        </span>
      ) : null}
    </DecimalField>
  );
}

function OrderForm({ details }: { details: InstrumentDetails }) {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const rules = details.trading;
  const symbol = details.instrument.symbol;
  const picker = usePickerSymbols(symbol);
  const precision = details.instrument.precision;
  const [quote, setQuote] = useState<Quote>(details.quote);
  useTicks([symbol], (q) => q.symbol === symbol && setQuote(q));
  const [side, setSide] = useState<Side>('buy');
  const [kind, setKind] = useState<OrderKind>('market');
  const [lots, setLots] = useState(rules?.minLots ?? '');
  const [price, setPrice] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const { error, setError, busy, requestId, changed: renew, attempt, sent } = useOrderForm();
  const [confirming, setConfirming] = useState(false);
  const available = useLoad(
    async () => (await getAssets()).assets.find((a) => a.coin === 'USDT')?.available ?? '0',
    [],
  );

  if (!rules) return <p className="card muted">{t('errors.trading_not_open')}</p>;
  const effectiveSide = sideOf(kind, side);
  const kinds = ORDER_KINDS.filter((k) => k === 'market' || k.startsWith(effectiveSide));
  const entry = entryPrice(kind, effectiveSide, price, quote);
  const margin = requiredMargin(rules, lots, entry, quote);
  const changed = (apply: () => void) => {
    renew();
    apply();
  };

  const check = (): string => {
    if (!quote.open) return t('errors.trading_not_open');
    if (!isLots(lots)) return t('errors.field_invalid', { field: t('trading.lots') });
    if (kind !== 'market' && !isPrice(price)) return t('errors.pending_price_required');
    const problem = levelsProblem(t, {
      kind,
      side: effectiveSide,
      price: kind === 'market' ? null : price,
      stopLoss,
      takeProfit,
      tick: quote,
    });
    if (problem) return problem;
    if (margin && typeof available.data === 'string' && compareDecimal(margin, available.data) === 1)
      return t('errors.insufficient_balance', { coin: 'USDT' });
    return '';
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (!problem) setConfirming(true);
  };

  const confirm = () =>
    attempt(
      async () => {
        await placeOrder({
          symbol,
          side: effectiveSide,
          kind,
          lots,
          price: kind === 'market' ? '' : price,
          stopLoss,
          takeProfit,
          requestId: requestId.current,
        });
        const user = currentUser();
        if (user) setLastTraded({ ...map.lastTraded.peek(), [user.address.toLowerCase()]: symbol });
        sent(t('trading.placed'));
      },
      () => setConfirming(false),
    );

  const summary = (
    <Facts
      rows={[
        { label: t('trading.instrument'), value: symbol, dir: 'ltr' },
        { label: t('trading.type'), value: t(`trading.kind_${kind}`) },
        { label: t('trading.lots'), value: lots, dir: 'ltr' },
        { label: t('trading.entry'), value: entry ? formatPrice(entry, precision) : '--', dir: 'ltr' },
        { label: t('trading.stopLoss'), value: stopLoss || '--', dir: 'ltr' },
        { label: t('trading.takeProfit'), value: takeProfit || '--', dir: 'ltr' },
        {
          label: t('trading.margin'),
          value: margin ? `${withThousands(margin)} USDT` : '--',
          dir: 'ltr',
          className: 'estimate',
        },
        {
          label: t('trading.commission'),
          value: `${withThousands(commissionOf(rules, lots))} USDT`,
          dir: 'ltr',
        },
      ]}
    />
  );

  return (
    <form className="card form order-form" onSubmit={review} noValidate>
      <label className="field">
        <span>{t('trading.instrument')}</span>
        <select
          name="symbol"
          value={symbol}
          onFocus={picker.reach}
          onPointerDown={picker.reach}
          onChange={(e) => navigate(`${paths.placeOrder.path}?symbol=${e.target.value}`, { replace: true })}
        >
          {picker.symbols.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <fieldset className="segmented side-picker">
        <legend className="visually-hidden">{t('trading.side')}</legend>
        {(['sell', 'buy'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={effectiveSide === s}
            className={`segment side-${s}${effectiveSide === s ? ' active' : ''}`}
            onClick={() =>
              changed(() => {
                setSide(s);
                if (kind !== 'market') setKind('market');
              })
            }
          >
            <span>{t(`trading.${s}`)}</span>
            <b dir="ltr">{formatPrice(s === 'buy' ? quote.ask : quote.bid, precision)}</b>
          </button>
        ))}
      </fieldset>
      <MarketState quote={quote} closedText={t('errors.trading_not_open')} />
      <label className="field">
        <span>{t('trading.type')}</span>
        <select
          name="kind"
          value={kind}
          onChange={(e) => changed(() => setKind(e.target.value as OrderKind))}
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`trading.kind_${k}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="field">
        <span>{t('trading.lots')}</span>
        <div className="stepper">
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('trading.fewer')}
            onClick={() => changed(() => setLots(stepLots(lots, rules, -1)))}
          >
            −
          </button>
          <input
            name="lots"
            className="stepper-value"
            dir="ltr"
            inputMode="decimal"
            aria-label={t('trading.lots')}
            value={lots}
            onChange={(e) => changed(() => setLots(e.target.value.trim()))}
          />
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('trading.more')}
            onClick={() => changed(() => setLots(stepLots(lots, rules, 1)))}
          >
            +
          </button>
        </div>
      </div>
      {kind === 'market' ? null : (
        <DecimalField
          name="price"
          label={t('trading.price')}
          value={price}
          onChange={(v) => changed(() => setPrice(v))}
        />
      )}
      {(
        [
          ['stopLoss', stopLoss, setStopLoss],
          ['takeProfit', takeProfit, setTakeProfit],
        ] as const
      ).map(([name, value, set]) => (
        <LevelInput
          key={name}
          name={name}
          label={t(`trading.${name}`)}
          value={value}
          onChange={(v) => changed(() => set(v))}
          figures={levelFigures(rules, effectiveSide, lots, entry, value, quote)}
        />
      ))}
      <Facts
        rows={[
          {
            label: t('trading.margin'),
            value: margin ? `${withThousands(margin)} USDT` : '--',
            dir: 'ltr',
            className: 'estimate',
          },
          {
            label: t('trading.available'),
            value: typeof available.data === 'string' ? `${withThousands(available.data)} USDT` : '--',
            dir: 'ltr',
          },
          { label: t('trading.leverage'), value: `1:${rules.leverage}`, dir: 'ltr' },
          { label: t('trading.contract'), value: withThousands(rules.contractSize), dir: 'ltr' },
        ]}
      />
      <FormSubmit error={error} busy={false} label={t(`trading.${effectiveSide}`)} disabled={!quote.open} />
      <Link href={`/instrument/${symbol}`} className="link-button">
        {t('trading.chart')}
      </Link>
      {confirming ? (
        <ConfirmSheet
          title={`${t(`trading.${effectiveSide}`)} ${symbol}`}
          confirmLabel={t('trading.confirm')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          {summary}
        </ConfirmSheet>
      ) : null}
    </form>
  );
}

/**
 * The instrument the ticket opens on when the link names none: the one this wallet last placed an
 * order on, else the first popular market open now (a closed forex market on a Saturday is no
 * place to start), else the first popular one.
 */
async function defaultSymbol(): Promise<string> {
  const user = currentUser();
  const last = user ? map.lastTraded.peek()[user.address.toLowerCase()] : undefined;
  if (last) return last;
  const rows = await getMarkets('popular');
  return (rows.find((r) => r.open) ?? rows[0])?.symbol ?? 'BTCUSDT';
}

export function PlaceOrderPage() {
  const { t } = useTranslation();
  const named = new URLSearchParams(useSearch()).get('symbol');
  const load = useLoad(async () => getDetails(named || (await defaultSymbol())), [named]);
  return (
    <>
      <PageHeader title={t('routes.placeOrder')} />
      <LoadState load={load}>
        {(details) => <OrderForm key={details.instrument.symbol} details={details} />}
      </LoadState>
      <RouteLink to="futuresOrder" />
    </>
  );
}
