import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useLocation } from 'wouter';
import { decimalAmount } from '../../../protocol/validation.ts';
import type { WithdrawOption } from '../../../protocol/withdraw.ts';
import type { SavedAddress } from '../../../protocol/withdraw-address-book.ts';
import { type WithdrawalTerms, withdrawalTypedDataJson } from '../../../protocol/withdraw-authorization.ts';
import { currentUser } from '../../app/store.ts';
import { AmountField } from '../../components/AmountField.tsx';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { Facts } from '../../components/Facts.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { LoadedPage } from '../../components/LoadedPage.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { toast } from '../../components/toast.ts';
import { compareDecimal, subtract, withThousands } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useSendForm } from '../../lib/use-send-form.ts';
import { loadWallet, WalletError, walletErrorMessageKey } from '../account/index.ts';
import { getAddressBook, getWithdrawalTerms, getWithdrawOptions, submitWithdrawal } from './api.ts';
import { SavedAddressLine } from './SavedAddressLine.tsx';

function WithdrawForm({ options, saved }: { options: WithdrawOption[]; saved: SavedAddress[] }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const coins = [...new Set(options.map((o) => o.coin))];
  const [coin, setCoin] = useState(coins[0] ?? '');
  const chains = options.filter((o) => o.coin === coin);
  const [chain, setChain] = useState(chains[0]?.chain ?? '');
  const option = chains.find((o) => o.chain === chain) ?? chains[0];
  // Withdrawals go only to a saved address past its cooling-off (docs/withdrawals.md).
  const book = saved.filter((s) => s.coin === coin && s.chain === option?.chain);
  const [pickedId, setPickedId] = useState<number | null>(null);
  const picked = book.find((s) => s.id === pickedId) ?? book.find((s) => s.usableFrom <= Date.now());
  const address = picked?.address ?? '';
  const [amount, setAmount] = useState('');
  // One requestId per intended withdrawal: a retry after a lost answer cannot withdraw twice.
  const { error, busy, requestId, changed, attempt, review: checked } = useSendForm();
  // The terms the server fixed for the wallet to sign, shown in the confirmation sheet.
  const [terms, setTerms] = useState<WithdrawalTerms | null>(null);
  const arrival = useMemo(
    () => (option && amount && v.is(decimalAmount(18), amount) ? subtract(amount, option.fee) : ''),
    [amount, option],
  );

  if (!option) return <p className="muted">{t('messages.no_data')}</p>;

  const check = (): string => {
    // Every saved address still cooling, or none saved for this coin and network.
    if (!picked)
      return book.length > 0 ? t('addressBook.notYetUsable') : t('errors.withdrawal_address_not_saved');
    if (!amount) return t('errors.field_required', { field: t('withdraw.amount') });
    if (!v.is(decimalAmount(18), amount)) return t('errors.field_invalid', { field: t('withdraw.amount') });
    if (compareDecimal(amount, option.min) === -1 || compareDecimal(amount, option.max) === 1) {
      return t('errors.amount_out_of_range', { min: option.min, max: option.max });
    }
    if (compareDecimal(amount, option.available) === 1) return t('errors.insufficient_balance', { coin });
    if (option.leftToday !== null && compareDecimal(amount, option.leftToday) === 1)
      return t('errors.withdrawal_daily_limit', { left: option.leftToday, coin });
    return '';
  };

  const asked = () => ({ coin, chain: option.chain, address: address.trim(), amount });

  /** The form's button: the client's own check, then the server's terms, shown before signing. */
  const review = (event: FormEvent) => {
    if (!checked(event, check)) return;
    void attempt(async () =>
      setTerms(await getWithdrawalTerms({ ...asked(), requestId: crypto.randomUUID() })),
    );
  };

  /** The sheet's button: the wallet signs the terms (a signature, no transaction), then they go. */
  const confirm = (signed: WithdrawalTerms) =>
    attempt(
      async () => {
        const user = currentUser();
        const { signTypedData } = await loadWallet();
        const signature = await signTypedData(user?.address ?? '', withdrawalTypedDataJson(signed)).catch(
          (e: unknown) => {
            if (!(e instanceof WalletError)) throw e;
            const message = t(walletErrorMessageKey(e));
            toast.error(message);
            throw new Error(message);
          },
        );
        const w = await submitWithdrawal({
          ...asked(),
          requestId: requestId.current,
          nonce: signed.nonce,
          signature,
        });
        requestId.renew();
        setTerms(null);
        toast.success(t('withdraw.submitted'));
        navigate(`${paths.withdrawalDetails.path}?id=${w.id}`);
      },
      () => setTerms(null),
    );

  return (
    <form className="card form" onSubmit={review} noValidate>
      <label className="field">
        <span>{t('withdraw.coin')}</span>
        <select
          value={coin}
          onChange={(e) => {
            changed();
            setCoin(e.target.value);
            setChain(options.find((o) => o.coin === e.target.value)?.chain ?? '');
          }}
        >
          {coins.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('withdraw.network')}</span>
        <select
          value={option.chain}
          onChange={(e) => {
            changed();
            setChain(e.target.value);
          }}
        >
          {chains.map((o) => (
            <option key={o.chain}>{o.chain}</option>
          ))}
        </select>
      </label>
      <div className="field">
        <span>{t('withdraw.address')}</span>
        {book.length === 0 ? (
          <span className="muted small">{t('addressBook.noneFor', { coin, chain: option.chain })}</span>
        ) : (
          <select
            name="address"
            aria-label={t('withdraw.address')}
            // A cooling address shows as chosen (disabled) rather than an empty box.
            value={(picked ?? book[0])?.id ?? ''}
            onChange={(e) => {
              changed();
              setPickedId(Number(e.target.value));
            }}
          >
            {book.map((s) => (
              <option key={s.id} value={s.id} disabled={s.usableFrom > Date.now()}>
                {s.label} · {s.address.slice(0, 6)}…{s.address.slice(-4)}
              </option>
            ))}
          </select>
        )}
        {book.length > 0 ? <SavedAddressLine saved={picked ?? (book[0] as SavedAddress)} /> : null}
      </div>
      <RouteLink to="withdrawAddressBook" />
      <AmountField
        label={t('withdraw.amount')}
        name="amount"
        value={amount}
        placeholder={t('withdraw.limits', { min: option.min, max: option.max })}
        maxLabel={t('withdraw.max')}
        onChange={(value) => {
          changed();
          setAmount(value);
        }}
        onMax={() => {
          changed();
          setAmount(compareDecimal(option.available, option.max) === 1 ? option.max : option.available);
        }}
        hint={
          <span className="muted small">
            {t('withdraw.available', { amount: withThousands(option.available), coin })}
          </span>
        }
      />
      <Facts
        rows={[
          { label: t('withdraw.fee'), value: `${option.fee} ${coin}`, dir: 'ltr' },
          option.leftToday !== null && {
            label: t('withdraw.leftToday'),
            value: `${withThousands(option.leftToday)} / ${withThousands(option.dailyLimit ?? '')} ${coin}`,
            dir: 'ltr',
          },
          {
            label: t('withdraw.arrival'),
            value: arrival && compareDecimal(arrival, '0') === 1 ? `${arrival} ${coin}` : '--',
            dir: 'ltr',
          },
        ]}
      />
      <FormSubmit error={error} busy={busy && !terms} label={t('withdraw.submit')} />
      {terms ? (
        <ConfirmSheet
          title={t('withdraw.confirmTitle')}
          subtitle={t('withdraw.confirmHint')}
          confirmLabel={t('withdraw.confirmSign')}
          busy={busy}
          onConfirm={() => void confirm(terms)}
          onCancel={() => setTerms(null)}
        >
          <Facts
            rows={[
              { label: t('withdraw.to'), value: terms.to, dir: 'ltr', wide: true },
              { label: t('withdraw.network'), value: terms.chain, dir: 'ltr' },
              { label: t('withdraw.amount'), value: `${terms.amount} ${terms.coin}`, dir: 'ltr' },
              { label: t('withdraw.fee'), value: `${terms.fee} ${terms.coin}`, dir: 'ltr' },
              {
                label: t('withdraw.arrival'),
                value: `${subtract(terms.amount, terms.fee)} ${terms.coin}`,
                dir: 'ltr',
              },
            ]}
          />
        </ConfirmSheet>
      ) : null}
      <RouteLink to="withdrawRecord" />
    </form>
  );
}

const withdrawScreen = () => Promise.all([getWithdrawOptions(), getAddressBook()]);

export function WithdrawPage() {
  const { t } = useTranslation();
  return (
    <LoadedPage
      title={t('routes.withdraw')}
      fetcher={withdrawScreen}
      empty={([options]) => options.length === 0}
    >
      {([options, book]) => <WithdrawForm options={options} saved={book.addresses} />}
    </LoadedPage>
  );
}
