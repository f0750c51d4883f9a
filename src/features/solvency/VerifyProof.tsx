/**
 * "Verify my balance": the wallet's own proof (10091) checked in this browser with Web Crypto
 * (`verifyInclusion` in protocol/solvency.ts): the leaf from the salt, the wallet and the balances,
 * then every node up to the root, compared with the published root hash and sums. The server is
 * trusted for nothing but the data it sent.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type SolvencyProof,
  type VerifyResult,
  verifyInclusion,
  webCryptoSha256,
} from '../../../protocol/solvency.ts';
import { currentUser } from '../../app/store.ts';
import { Facts } from '../../components/Facts.tsx';
import { withThousands } from '../../lib/format.ts';
import { ConnectButton } from '../account/ConnectButton.tsx';
import { getProof } from './api.ts';

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; proof: SolvencyProof; result: VerifyResult };

export function VerifyProof({ snapshotId }: { snapshotId: number }) {
  useSignals();
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  if (!currentUser()) {
    return (
      <section className="card solvency-verify">
        <p className="muted">{t('solvency.connectToVerify')}</p>
        <ConnectButton />
      </section>
    );
  }
  const verify = async () => {
    setCheck({ state: 'checking' });
    try {
      const proof = await getProof(snapshotId);
      const result = await verifyInclusion(proof.leaf, proof.path, proof.root, webCryptoSha256);
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
    </section>
  );
}

function Outcome({ proof, result }: { proof: SolvencyProof; result: VerifyResult }) {
  const { t } = useTranslation();
  const held = proof.coins
    .map((coin, i) => ({ coin, amount: proof.leaf.balances[i] ?? '0' }))
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
        <p className="muted small">
          {proof.path.length > 0
            ? t('solvency.includedDetail', { levels: proof.path.length })
            : t('solvency.includedAlone')}
        </p>
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
