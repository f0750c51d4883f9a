/**
 * "Verify my balance": the wallet's own proof (10091) checked in this browser with Web Crypto
 * (`verifyProof` in protocol/solvency.ts). The balances are split over several leaves, so every
 * part is checked: each leaf from its salt, the wallet and its amounts, then every node up to the
 * published root hash and sums; no leaf twice, none of another wallet, and the parts adding up to
 * the balances shown. The server is trusted for nothing but the data it sent.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ProofResult,
  type SolvencyProof,
  verifyProof,
  webCryptoSha256,
} from '../../../protocol/solvency.ts';
import { currentUser } from '../../app/store.ts';
import { Facts } from '../../components/Facts.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { ConnectFirst } from '../signed-in/index.ts';
import { getProof } from './api.ts';

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; proof: SolvencyProof; result: ProofResult }
  | { state: 'pending'; nextSnapshotAt: number };

export function VerifyProof({ snapshotId }: { snapshotId: number }) {
  useSignals();
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const user = currentUser();
  if (!user) {
    return <ConnectFirst className="solvency-verify" text={t('solvency.connectToVerify')} />;
  }
  const verify = async () => {
    setCheck({ state: 'checking' });
    try {
      const proof = await getProof(snapshotId);
      // A wallet newer than the snapshot: not an error, but when it will first be in one.
      if ('pending' in proof) {
        setCheck({ state: 'pending', nextSnapshotAt: proof.nextSnapshotAt });
        return;
      }
      // The signed-in wallet's, not just any wallet's the server chose to send.
      const result = await verifyProof(proof, webCryptoSha256, user.address);
      setCheck({ state: 'done', proof, result });
    } catch {
      // The error was toasted by the API layer; the button is there again.
      setCheck({ state: 'idle' });
    }
  };
  return (
    <section className="card solvency-verify" aria-live="polite">
      <button type="button" className="button primary" disabled={check.state === 'checking'} onClick={verify}>
        {check.state === 'checking' ? t('solvency.verifying') : t('solvency.verify')}
      </button>
      {check.state === 'done' ? <Outcome proof={check.proof} result={check.result} /> : null}
      {check.state === 'pending' ? (
        <p className="muted solvency-pending" data-testid="solvency-pending">
          {t('solvency.notYet')} <When at={check.nextSnapshotAt} />
        </p>
      ) : null}
    </section>
  );
}

function Outcome({ proof, result }: { proof: SolvencyProof; result: ProofResult }) {
  const { t } = useTranslation();
  const held = proof.coins
    .map((coin, i) => ({ coin, amount: proof.balances[i] ?? '0' }))
    .filter((b) => b.amount !== '0');
  const balances = (
    <Facts
      rows={
        held.length > 0
          ? held.map((b) => ({ label: b.coin, value: withThousands(b.amount), dir: 'ltr' as const }))
          : [{ label: t('solvency.yourBalances'), value: '0', dir: 'ltr' as const }]
      }
    />
  );
  if (result.included) {
    return (
      <div className="solvency-outcome solvency-ok" data-testid="solvency-outcome" data-included="true">
        <p className="solvency-verdict">✓ {t('solvency.included')}</p>
        <p className="muted small">{detail(result, t)}</p>
        {balances}
      </div>
    );
  }
  return (
    <div
      className="solvency-outcome solvency-bad"
      data-testid="solvency-outcome"
      data-included="false"
      role="alert"
    >
      <p className="solvency-verdict">✗ {t('solvency.mismatch')}</p>
      <p>{t(`solvency.reason.${result.reason}`)}</p>
      {result.computed ? (
        <Facts
          rows={[
            {
              label: t('solvency.computedRoot'),
              value: <code className="hash">{result.computed.hash}</code>,
              dir: 'ltr',
              wide: true,
            },
            {
              label: t('solvency.publishedRoot'),
              value: <code className="hash">{proof.root.hash}</code>,
              dir: 'ltr',
              wide: true,
            },
          ]}
        />
      ) : null}
      {balances}
    </div>
  );
}

function detail(result: Extract<ProofResult, { included: true }>, t: TFunction): string {
  // Snapshots taken before balances were split have one leaf per user.
  if (result.parts > 1) return t('solvency.includedParts', { parts: result.parts, levels: result.levels });
  return result.levels > 0
    ? t('solvency.includedDetail', { levels: result.levels })
    : t('solvency.includedAlone');
}
