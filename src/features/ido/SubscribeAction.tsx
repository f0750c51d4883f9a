/**
 * Subscribing to an ongoing offering (10063): a share stepper within the user's minimum and
 * maximum, the tokens asked and the USDT to freeze, confirmed in a sheet. One requestId per
 * intended subscription: a retry after a lost answer cannot freeze twice.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { costOf, type IdoOffering, tokensFor } from '../../../protocol/ido.ts';
import { currentUser } from '../../app/store.ts';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { Facts } from '../../components/Facts.tsx';
import { toast } from '../../components/toast.ts';
import { withThousands } from '../../lib/format.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { useRequestId } from '../../lib/use-request-id.ts';
import { ConnectFirst } from '../signed-in/index.ts';
import { subscribe } from './api.ts';

export function SubscribeAction({
  offering: o,
  owned,
  onDone,
}: {
  offering: IdoOffering;
  /** Shares the user already has in this offering. */
  owned: number;
  onDone(): void;
}) {
  useSignals();
  const { t } = useTranslation();
  const user = currentUser();
  const least = Math.max(1, o.minShares - owned);
  const most = o.maxShares - owned;
  const [shares, setShares] = useState(least);
  const [open, setOpen] = useState(false);
  const { busy, run } = useBusy();
  const requestId = useRequestId();

  if (!user) {
    return <ConnectFirst card={false} className="connect-to-stake" text={t('ido.connectFirst')} />;
  }
  const step = (by: number) => {
    requestId.renew();
    setShares((n) => Math.min(most, Math.max(least, n + by)));
  };
  const asked = tokensFor(shares, o.shareSize);
  const cost = costOf(asked, o.price);
  const confirm = async () => {
    await run(async () => {
      try {
        await subscribe({ offeringId: o.id, shares, requestId: requestId.current });
        requestId.renew();
        toast.success(t('ido.done'));
        setOpen(false);
        onDone();
      } catch {
        // The server's message was toasted; the sheet stays for another try as a new request.
        requestId.renew();
      }
    });
  };

  return (
    <div className="subscribe">
      {owned > 0 ? <p className="muted small">{t('ido.yourShares', { count: owned })}</p> : null}
      {most <= 0 ? null : (
        <>
          <div className="stepper">
            <button
              type="button"
              className="button button-secondary"
              aria-label={t('ido.fewer')}
              disabled={shares <= least}
              onClick={() => step(-1)}
            >
              −
            </button>
            <output className="stepper-value" aria-live="polite" dir="ltr">
              {shares}
            </output>
            <button
              type="button"
              className="button button-secondary"
              aria-label={t('ido.more')}
              disabled={shares >= most}
              onClick={() => step(1)}
            >
              +
            </button>
          </div>
          <p className="muted small" dir="ltr">
            {withThousands(asked)} {o.token} · {withThousands(cost)} USDT
          </p>
          <button
            type="button"
            className="button button-primary block subscribe-button"
            onClick={() => setOpen(true)}
          >
            {t('ido.subscribe')}
          </button>
        </>
      )}
      {open ? (
        <ConfirmSheet
          title={o.name}
          subtitle={`${shares} ${t('ido.shares')}`}
          confirmLabel={t('ido.confirm')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
        >
          <Facts
            rows={[
              { label: t('ido.price'), value: `${o.price} USDT / ${o.token}`, dir: 'ltr' },
              { label: t('ido.tokensAsked'), value: `${withThousands(asked)} ${o.token}`, dir: 'ltr' },
              {
                label: t('ido.toFreeze'),
                value: `${withThousands(cost)} USDT`,
                dir: 'ltr',
                wide: true,
                className: 'estimate',
              },
            ]}
          />
          <p className="muted small">{t('ido.freezeNote')}</p>
        </ConfirmSheet>
      ) : null}
    </div>
  );
}
