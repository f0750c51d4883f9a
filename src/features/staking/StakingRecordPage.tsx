/**
 * Staking records (/StakingRecord, and /stakingRecord without a wallet): amount, days chosen,
 * estimated earnings, staking and expiration time, status; a stake whose plan allows it can be
 * redeemed early (principal only) after a confirmation, a matured one in full.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stake } from '../../../protocol/staking.ts';
import { currentUser } from '../../app/store.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../components/toast.ts';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { ConnectButton } from '../account/ConnectButton.tsx';
import { getStakes, redeemStake } from './api.ts';

function RedeemAction({ stake, onDone }: { stake: Stake; onDone(): void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const requestId = useRef(crypto.randomUUID());
  const matured = Date.now() >= stake.expiresAt;
  if (stake.status !== 'staked' || (!matured && !stake.earlyRedemption)) return null;

  const redeem = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await redeemStake({ id: stake.id, requestId: requestId.current });
      toast.success(t('staking.redeemed'));
      onDone();
    } catch {
      // The server's message was toasted; a new attempt is a new request.
      requestId.current = crypto.randomUUID();
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  if (!confirming) {
    return (
      <button type="button" className="button button-secondary block" onClick={() => setConfirming(true)}>
        {matured ? t('staking.redeem') : t('staking.redeemEarly')}
      </button>
    );
  }
  return (
    <div className="redeem-confirm">
      {matured ? null : <p className="muted small">{t('staking.earlyNote')}</p>}
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
          {t('staking.cancel')}
        </button>
        <button
          type="button"
          className="button button-primary redeem-confirm-button"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void redeem()}
        >
          {busy ? t('app.loading') : t('staking.confirm')}
        </button>
      </div>
    </div>
  );
}

function StakeCard({ stake, onChange }: { stake: Stake; onChange(): void }) {
  const { t } = useTranslation();
  return (
    <li className="card stake-card">
      <div className="detail-head">
        <span className="stake-amount" dir="ltr">
          {withThousands(stake.amount)} {stake.coin}
        </span>
        <span className={`status status-${stake.status}`}>
          {stake.early ? t('staking.redeemedEarly') : t(`stakingStatus.${stake.status}`)}
        </span>
      </div>
      <dl className="detail-list">
        <div>
          <dt>{t('staking.days')}</dt>
          <dd dir="ltr">{stake.days}</dd>
        </div>
        <div>
          <dt>{t('staking.apr')}</dt>
          <dd dir="ltr">{stake.apr}%</dd>
        </div>
        <div>
          <dt>{t('staking.estimated')}</dt>
          <dd dir="ltr">
            {withThousands(stake.interest)} {stake.coin}
          </dd>
        </div>
        {stake.earned !== null ? (
          <div>
            <dt>{t('staking.earned')}</dt>
            <dd dir="ltr">
              {withThousands(stake.earned)} {stake.coin}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('staking.stakedAt')}</dt>
          <dd>
            <When at={stake.stakedAt} />
          </dd>
        </div>
        <div>
          <dt>{t('staking.expires')}</dt>
          <dd>
            <When at={stake.expiresAt} />
          </dd>
        </div>
      </dl>
      <RedeemAction stake={stake} onDone={onChange} />
    </li>
  );
}

function Records() {
  const load = useLoad(() => getStakes(1), []);
  return (
    <LoadState load={load} empty={(p) => p.list.length === 0}>
      {(p) => (
        <ul className="stake-list">
          {p.list.map((s) => (
            <StakeCard key={s.id} stake={s} onChange={load.reload} />
          ))}
        </ul>
      )}
    </LoadState>
  );
}

export function StakingRecordPage() {
  useSignals();
  const { t } = useTranslation();
  const user = currentUser();
  return (
    <>
      <PageHeader title={t('routes.stakingRecord')} />
      {user ? (
        <Records key={user.address} />
      ) : (
        <section className="card connect-to-stake">
          <p className="muted">{t('messages.connect_wallet_first')}</p>
          <ConnectButton />
        </section>
      )}
    </>
  );
}
