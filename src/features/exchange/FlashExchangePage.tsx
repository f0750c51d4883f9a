import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { ExchangePair } from '../../../protocol/exchange.ts';
import { QUOTE_TTL_MS } from '../../../protocol/exchange.ts';
import { decimalAmount } from '../../../protocol/validation.ts';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { DecimalInput } from '../../components/DecimalField.tsx';
import { Facts } from '../../components/Facts.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { LoadedPage } from '../../components/LoadedPage.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { toast } from '../../components/toast.ts';
import { ApiCallError } from '../../lib/api.ts';
import { compareDecimal, truncate, withThousands } from '../../lib/format.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { useRequestId } from '../../lib/use-request-id.ts';
import { executeExchange, getBalances, getExchangeQuote } from './api.ts';
import { useLiveQuote } from './use-live-quote.ts';

const QUOTE_EXPIRED = 'E2030';

/**
 * "500 USDT" as one left-to-right island (Unicode isolates), so a right-to-left sentence keeps
 * the number before its coin.
 */
function isolated(amount: string, coin: string) {
  return { amount: `\u2066${amount}`, coin: `${coin}\u2069` };
}

/** Plain decimal without trailing zeros: "12.50000000" -> "12.5". */
function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * One side of the exchange: its heading (and what is available to send), its coin, then its
 * figure (`children`: the amount typed, or the amount received); `placeholder` is the choice
 * before a coin is chosen.
 */
function Leg({
  name,
  label,
  aside,
  coins,
  coin,
  placeholder,
  onCoin,
  children,
}: {
  name: string;
  label: string;
  aside?: ReactNode;
  coins: readonly string[];
  coin: string;
  placeholder?: string;
  onCoin(coin: string): void;
  children: ReactNode;
}) {
  return (
    <div className="exchange-leg">
      <div className="exchange-leg-head">
        <span className="muted">{label}</span>
        {aside}
      </div>
      <div className="exchange-leg-body">
        <select name={name} aria-label={label} value={coin} onChange={(e) => onCoin(e.target.value)}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {coins.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        {children}
      </div>
    </div>
  );
}

function ExchangeForm({
  pairs,
  initialBalances,
}: {
  pairs: ExchangePair[];
  initialBalances: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [balances, setBalances] = useState(initialBalances);
  const fromCoins = [...new Set(pairs.map((p) => p.from))];
  const [from, setFrom] = useState(fromCoins.includes('USDT') ? 'USDT' : (fromCoins[0] ?? ''));
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useBusy();
  // One requestId per intended exchange: a retry after a lost answer cannot exchange twice.
  const requestId = useRequestId();
  // Money moves only after the sheet shows what is paid, what comes back, the price and the fee.
  const [confirming, setConfirming] = useState(false);

  const toCoins = pairs.filter((p) => p.from === from).map((p) => p.to);
  const pair = pairs.find((p) => p.from === from && p.to === to) ?? null;
  const reverse = pairs.find((p) => p.from === to && p.to === from) ?? null;
  const amountValid = pair !== null && amount !== '' && v.is(decimalAmount(pair.fromPrecision), amount);
  const live = useLiveQuote(pair?.pair ?? null, amountValid ? amount : null);
  const quote = live.quote && pair && live.quote.pair === pair.pair ? live.quote : null;
  const receive =
    quote && amountValid && quote.amount !== null && compareDecimal(quote.amount, amount) === 0
      ? quote
      : null;
  const available = balances[from] ?? '0';

  const changed = () => {
    requestId.renew();
    setError('');
  };

  const check = (): string => {
    if (!pair) return t('exchange.currencyRequired');
    if (!amount) return t('errors.field_required', { field: t('fields.amount') });
    if (!amountValid) return t('errors.field_invalid', { field: t('fields.amount') });
    if (compareDecimal(amount, pair.min) === -1) return t('messages.exchange_below_minimum');
    if (compareDecimal(amount, pair.max) === 1) return t('messages.exchange_maximum_exceeded');
    if (compareDecimal(amount, available) === 1) return t('messages.insufficient_available_balance');
    return '';
  };

  /** The form's button: the client's own check, then the sheet with the live quote. */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (!problem && pair) setConfirming(true);
  };

  /**
   * The sheet's button executes the quote the sheet shows, never another: one about to run out
   * is refreshed in the sheet first, and the user confirms the new price.
   */
  const confirm = async () => {
    if (busy || !pair) return;
    if (!receive || live.secondsLeft <= 1) {
      live.refresh();
      return;
    }
    await run(async () => {
      try {
        const done = await executeExchange({
          pair: pair.pair,
          amount,
          quoteId: receive.quoteId,
          requestId: requestId.current,
        });
        requestId.renew();
        setConfirming(false);
        toast.success(t('exchange.done', isolated(withThousands(done.receive), done.to)));
        setAmount('');
        getBalances().then(setBalances, () => undefined);
        live.refresh();
      } catch (e) {
        // The server's message was toasted; keep it beside the form too.
        setError((e as Error).message);
        if (e instanceof ApiCallError && e.respCode === QUOTE_EXPIRED) live.refresh();
        else setConfirming(false);
      }
    });
  };

  const maxAmount = () => {
    if (!pair) return available;
    const cap = compareDecimal(available, pair.max) === 1 ? pair.max : available;
    return trimZeros(truncate(cap, pair.fromPrecision));
  };

  const progress = quote ? Math.min(1, (live.secondsLeft * 1000) / QUOTE_TTL_MS) : 0;

  return (
    <form className="card form exchange-form" onSubmit={submit} noValidate>
      <Leg
        name="from"
        label={t('exchange.from')}
        aside={
          <span className="muted small exchange-available">
            {t('exchange.available', isolated(withThousands(available), from))}
          </span>
        }
        coins={fromCoins}
        coin={from}
        onCoin={(next) => {
          changed();
          setFrom(next);
          if (!pairs.some((p) => p.from === next && p.to === to)) setTo('');
          setAmount('');
        }}
      >
        <DecimalInput
          name="amount"
          aria-label={t('fields.amount')}
          placeholder={pair ? `${pair.min} – ${pair.max}` : '0'}
          value={amount}
          onChange={(value) => {
            changed();
            setAmount(value);
          }}
        />
        <button
          type="button"
          className="link-button"
          onClick={() => {
            changed();
            setAmount(maxAmount());
          }}
        >
          {t('exchange.max')}
        </button>
      </Leg>

      <button
        type="button"
        className="swap-button"
        aria-label={t('exchange.swap')}
        title={t('exchange.swap')}
        disabled={!reverse}
        onClick={() => {
          changed();
          setFrom(to);
          setTo(from);
          setAmount('');
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M7 4v14m0 0l-3-3m3 3l3-3M17 20V6m0 0l-3 3m3-3l3 3"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>

      <Leg
        name="to"
        label={t('exchange.to')}
        coins={toCoins}
        coin={to}
        placeholder={t('exchange.selectCurrency')}
        onCoin={(next) => {
          changed();
          setTo(next);
        }}
      >
        <output className="exchange-receive" dir="ltr" aria-label={t('exchange.receive')}>
          {receive?.receive ? withThousands(receive.receive) : '--'}
        </output>
      </Leg>

      <Facts
        rows={[
          {
            label: t('exchange.price'),
            value: quote ? `1 ${quote.baseCoin} ≈ ${withThousands(quote.price)} ${quote.quoteCoin}` : '--',
            dir: 'ltr',
            wide: true,
            className: 'exchange-price',
          },
          {
            label: t('exchange.fee', { percent: pair?.feePercent ?? '--' }),
            value: receive?.fee ? `${withThousands(receive.fee)} ${to}` : '--',
            dir: 'ltr',
          },
          {
            label: t('exchange.limits'),
            value: pair ? `${withThousands(pair.min)} – ${withThousands(pair.max)} ${from}` : '--',
            dir: 'ltr',
          },
        ]}
      />

      {pair ? (
        <div className="quote-timer" aria-live="off">
          <span className="muted small">
            {quote && !live.loading
              ? t('exchange.quoteValid', { seconds: live.secondsLeft })
              : t('exchange.quoteRefreshing')}
          </span>
          <span className="quote-bar">
            <span style={{ transform: `scaleX(${progress})` }} />
          </span>
        </div>
      ) : null}

      <FormSubmit error={error} busy={busy && !confirming} label={t('exchange.submit')} />
      {confirming && pair ? (
        <ConfirmSheet
          title={t('exchange.confirmTitle')}
          subtitle={
            receive && !live.loading
              ? t('exchange.quoteValid', { seconds: live.secondsLeft })
              : t('exchange.quoteRefreshing')
          }
          confirmLabel={t('exchange.submit')}
          busy={busy || !receive}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          <Facts
            rows={[
              { label: t('exchange.youPay'), value: `${withThousands(amount)} ${from}`, dir: 'ltr' },
              {
                label: t('exchange.receive'),
                value: receive?.receive ? `${withThousands(receive.receive)} ${to}` : '--',
                dir: 'ltr',
                className: 'estimate',
              },
              {
                label: t('exchange.price'),
                value: receive
                  ? `1 ${receive.baseCoin} ≈ ${withThousands(receive.price)} ${receive.quoteCoin}`
                  : '--',
                dir: 'ltr',
                wide: true,
              },
              {
                label: t('exchange.fee', { percent: pair.feePercent }),
                value: receive?.fee ? `${withThousands(receive.fee)} ${to}` : '--',
                dir: 'ltr',
              },
            ]}
          />
        </ConfirmSheet>
      ) : null}
      <RouteLink to="flashRedemptionRecord" />
    </form>
  );
}

async function getPairsAndBalances() {
  const [quote, balances] = await Promise.all([getExchangeQuote(), getBalances()]);
  return { pairs: quote.pairs, balances };
}

export function FlashExchangePage() {
  const { t } = useTranslation();
  return (
    <LoadedPage
      title={t('routes.flashExchange')}
      fetcher={getPairsAndBalances}
      empty={(d) => d.pairs.length === 0}
    >
      {(d) => <ExchangeForm pairs={d.pairs} initialBalances={d.balances} />}
    </LoadedPage>
  );
}
