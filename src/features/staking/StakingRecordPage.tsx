import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stake } from '../../../protocol/staking.ts';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { DetailList, Facts } from '../../components/Facts.tsx';
import { NextStep } from '../../components/NextStep.tsx';
import { RecordCards } from '../../components/RecordList.tsx';
import { toast } from '../../components/toast.ts';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { useRequestId } from '../../lib/use-request-id.ts';
import { SignedInPage } from '../signed-in/index.ts';
import { getStakes, redeemStake } from './api.ts';

function RedeemAction({ stake, onDone }: { stake: Stake; onDone(): void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useBusy();
  const requestId = useRequestId();
  const matured = Date.now() >= stake.expiresAt;
  if (stake.status !== 'staked' || (!matured && !stake.earlyRedemption)) return null;

  const redeem = async () => {
    await run(async () => {
      try {
        await redeemStake({ id: stake.id, requestId: requestId.current });
        toast.success(t('staking.redeemed'));
        onDone();
      } catch {
        // The server's message was toasted; a new attempt is a new request.
        requestId.renew();
        setConfirming(false);
      }
    });
  };

  return (
    <>
      <button type="button" className="button button-secondary block" onClick={() => setConfirming(true)}>
        {matured ? t('staking.redeem') : t('staking.redeemEarly')}
      </button>
      {confirming ? (
        <ConfirmSheet
          title={matured ? t('staking.redeem') : t('staking.redeemEarly')}
          confirmLabel={t('staking.confirm')}
          busy={busy}
          onConfirm={() => void redeem()}
          onCancel={() => setConfirming(false)}
        >
          <Facts
            rows={[
              {
                label: t('staking.amount'),
                value: `${withThousands(stake.amount)} ${stake.coin}`,
                dir: 'ltr',
              },
              {
                label: t('staking.estimated'),
                value: `${matured ? withThousands(stake.interest) : '0'} ${stake.coin}`,
                dir: 'ltr',
              },
            ]}
          />
          {matured ? null : <p className="muted small">{t('staking.earlyNote')}</p>}
        </ConfirmSheet>
      ) : null}
    </>
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
      <DetailList
        rows={[
          { label: t('staking.days'), value: stake.days, dir: 'ltr' },
          { label: t('staking.apr'), value: `${stake.apr}%`, dir: 'ltr' },
          {
            label: t('staking.estimated'),
            value: `${withThousands(stake.interest)} ${stake.coin}`,
            dir: 'ltr',
          },
          stake.earned !== null && {
            label: t('staking.earned'),
            value: `${withThousands(stake.earned)} ${stake.coin}`,
            dir: 'ltr',
          },
          { label: t('staking.stakedAt'), value: <When at={stake.stakedAt} /> },
          { label: t('staking.expires'), value: <When at={stake.expiresAt} /> },
        ]}
      />
      <RedeemAction stake={stake} onDone={onChange} />
    </li>
  );
}

function Records() {
  return (
    <RecordCards<Stake>
      emptyNext={<NextStep kind="stake" />}
      className="stake-list"
      fetchPage={getStakes}
      row={(s, reload) => <StakeCard key={s.id} stake={s} onChange={reload} />}
    />
  );
}

export function StakingRecordPage() {
  const { t } = useTranslation();
  return (
    <SignedInPage
      title={t('routes.stakingRecord')}
      prompt={{ className: 'connect-to-stake', text: t('messages.connect_wallet_first') }}
    >
      {(user) => <Records key={user.address} />}
    </SignedInPage>
  );
}
