import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useLocation } from 'wouter';
import { decimalAmount } from '../../../protocol/validation.ts';
import type { WithdrawOption } from '../../../protocol/withdraw.ts';
import { AmountField } from '../../components/AmountField.tsx';
import { CodeField } from '../../components/CodeField.tsx';
import { Facts } from '../../components/Facts.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { LoadedPage } from '../../components/LoadedPage.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { toast } from '../../components/toast.ts';
import { compareDecimal, subtract, withThousands } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useSendForm } from '../../lib/use-send-form.ts';
import { getWithdrawOptions, submitWithdrawal } from './api.ts';

function WithdrawForm({ options }: { options: WithdrawOption[] }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const coins = [...new Set(options.map((o) => o.coin))];
  const [coin, setCoin] = useState(coins[0] ?? '');
  const chains = options.filter((o) => o.coin === coin);
  const [chain, setChain] = useState(chains[0]?.chain ?? '');
  const option = chains.find((o) => o.chain === chain) ?? chains[0];
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  // One requestId per intended withdrawal: a retry after a lost answer cannot withdraw twice.
  const { error, busy, requestId, changed, submit } = useSendForm();
  const arrival = useMemo(
    () => (option && amount && v.is(decimalAmount(18), amount) ? subtract(amount, option.fee) : ''),
    [amount, option],
  );

  if (!option) return <p className="muted">{t('messages.no_data')}</p>;

  const check = (): string => {
    if (!address.trim()) return t('errors.field_required', { field: t('withdraw.address') });
    if (!amount) return t('errors.field_required', { field: t('withdraw.amount') });
    if (!v.is(decimalAmount(18), amount)) return t('errors.field_invalid', { field: t('withdraw.amount') });
    if (compareDecimal(amount, option.min) === -1 || compareDecimal(amount, option.max) === 1) {
      return t('errors.amount_out_of_range', { min: option.min, max: option.max });
    }
    if (compareDecimal(amount, option.available) === 1) return t('errors.insufficient_balance', { coin });
    return '';
  };

  const send = async () => {
    const w = await submitWithdrawal({
      coin,
      chain: option.chain,
      address: address.trim(),
      amount,
      requestId: requestId.current,
    });
    requestId.renew();
    toast.success(t('withdraw.submitted'));
    navigate(`${paths.withdrawalDetails.path}?id=${w.id}`);
  };

  return (
    <form className="card form" onSubmit={(e) => void submit(e, check, send)} noValidate>
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
      <CodeField
        label={t('withdraw.address')}
        name="address"
        spellCheck={false}
        placeholder={t('withdraw.addressPlaceholder', { chain: option.chain })}
        value={address}
        onChange={(e) => {
          changed();
          setAddress(e.target.value);
        }}
      />
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
          {
            label: t('withdraw.arrival'),
            value: arrival && compareDecimal(arrival, '0') === 1 ? `${arrival} ${coin}` : '--',
            dir: 'ltr',
          },
        ]}
      />
      <FormSubmit error={error} busy={busy} label={t('withdraw.submit')} />
      <RouteLink to="withdrawRecord" />
    </form>
  );
}

export function WithdrawPage() {
  const { t } = useTranslation();
  return (
    <LoadedPage title={t('routes.withdraw')} fetcher={getWithdrawOptions} empty={(list) => list.length === 0}>
      {(options) => <WithdrawForm options={options} />}
    </LoadedPage>
  );
}
