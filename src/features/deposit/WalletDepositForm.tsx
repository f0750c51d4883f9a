import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useLocation } from 'wouter';
import type { WalletDeposit } from '../../../protocol/deposit.ts';
import { decimalAmount } from '../../../protocol/validation.ts';
import { AmountField } from '../../components/AmountField.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { toast } from '../../components/toast.ts';
import { compareDecimal } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { loadWallet, WalletError } from '../account/index.ts';
import { globalConfig } from '../config/index.ts';

type WalletDepositModule = typeof import('./wallet-deposit.ts');

/**
 * The wallet's provider for `address`, from the wallet module (its loader: the guard has loaded it
 * already for the session this screen needs).
 */
const providerFor = (address: string) => loadWallet().then((wallet) => wallet.providerFor(address));

/** The i18n key of a failure's wallet message (docs/spec/product.md section 8). */
function problemKey(error: unknown): string {
  if (error instanceof WalletError) return `messages.${error.kind}`;
  if (error instanceof Error && error.name === 'WalletDepositError')
    return `messages.${(error as Error & { problem: string }).problem}`;
  // The encoder's chunk did not load (offline) or the wallet answered nonsense: nothing was sent.
  return 'messages.connection_timed_out';
}

/**
 * "Deposit from wallet" on an EVM chain the watcher reads: choose a coin and an amount, and the
 * connected wallet sends it to the user's own deposit address on that chain (switching chain
 * first, never an approve). The sending code and viem load on the first tap, not with the page.
 */
export function WalletDepositForm({
  owner,
  depositAddress,
  wallet,
}: {
  /** The signed-in account: the wallet must be on it. */
  owner: string;
  depositAddress: string;
  wallet: WalletDeposit;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [coin, setCoin] = useState(wallet.coins[0]?.coin ?? '');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useBusy();
  const choice = wallet.coins.find((c) => c.coin === coin) ?? null;
  const precision = globalConfig.value?.coins.find((c) => c.symbol === coin)?.precision ?? 8;
  const places = Math.min(precision, choice?.decimals ?? precision);

  const load = (): Promise<WalletDepositModule> => import('./wallet-deposit.ts');

  const check = (): string => {
    if (!amount) return t('errors.field_required', { field: t('fields.amount') });
    if (!v.is(decimalAmount(places), amount) || compareDecimal(amount, '0') !== 1)
      return t('errors.field_invalid', { field: t('fields.amount') });
    return '';
  };

  const fillMax = async () => {
    // Before clearing the error as well as in run(): a tap while sending leaves the error line.
    if (!choice || busy) return;
    setError('');
    await run(async () => {
      try {
        const [module, provider] = await Promise.all([load(), providerFor(owner)]);
        const most = await module.walletMaximum(provider, {
          from: owner,
          chainId: wallet.chainId,
          coin: choice,
        });
        const [whole, fraction = ''] = most.split('.');
        const cut = fraction.slice(0, places).replace(/0+$/, '');
        setAmount(cut ? `${whole}.${cut}` : (whole ?? '0'));
      } catch (e) {
        setError(t(problemKey(e), { coin }));
      }
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (problem || !choice) return;
    await run(async () => {
      try {
        const [module, provider] = await Promise.all([load(), providerFor(owner)]);
        const hash = await module.sendWalletDeposit(provider, {
          from: owner,
          depositAddress,
          chainId: wallet.chainId,
          coin: choice,
          amount,
        });
        toast.success(t('deposit.walletSent', { required: wallet.confirmations }));
        // The record page waits for this transaction to appear, refreshing until the watcher sees it.
        navigate(`${paths.rechargeRecord.path}?tx=${hash}`);
      } catch (e) {
        const message = t(problemKey(e), { coin });
        setError(message);
        toast.error(message);
      }
    });
  };

  return (
    <form className="form wallet-deposit" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{t('deposit.fromWallet')}</h3>
      {wallet.coins.length > 1 ? (
        <label className="field">
          <span>{t('withdraw.coin')}</span>
          <select
            name="coin"
            value={coin}
            onChange={(e) => {
              setCoin(e.target.value);
              setAmount('');
              setError('');
            }}
          >
            {wallet.coins.map((c) => (
              <option key={c.coin}>{c.coin}</option>
            ))}
          </select>
        </label>
      ) : null}
      <AmountField
        label={t('deposit.walletAmount', { coin })}
        name="amount"
        value={amount}
        placeholder="0"
        disabled={busy}
        maxLabel={t('withdraw.max')}
        onChange={(value) => {
          setAmount(value);
          setError('');
        }}
        onMax={() => void fillMax()}
        hint={
          <span className="muted small">{t('deposit.walletHint', { required: wallet.confirmations })}</span>
        }
      />
      <FormSubmit error={error} busy={busy} label={t('deposit.walletSubmit')} />
    </form>
  );
}
