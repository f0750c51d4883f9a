/**
 * My QR code (/share, 100201): the user's invitation code and link with copy, the browser's share
 * sheet where it has one, a QR code and a poster to save (the encoder loads only here), how much
 * each level earns, the earnings per coin, the people invited; and, for a user nobody has invited
 * yet, binding an inviter's code (10009, once).
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitee, ReferralSummary } from '../../../protocol/referral.ts';
import { CodeField } from '../../components/CodeField.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Facts } from '../../components/Facts.tsx';
import { FormSubmit } from '../../components/FormSubmit.tsx';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QrCopy } from '../../components/QrCopy.tsx';
import { RecordList } from '../../components/RecordList.tsx';
import { toast } from '../../components/toast.ts';
import { formatDate, withThousands } from '../../lib/format.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useRequestId } from '../../lib/use-request-id.ts';
import { bindInvite, getInvitees, getReferral } from './api.ts';

function InviteCard({ summary }: { summary: ReferralSummary }) {
  const { t, i18n } = useTranslation();
  const [poster, setPoster] = useState<{ url: string; file: string } | null>(null);
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({
        title: t('app.name'),
        text: t('share.shareText', { code: summary.code }),
        url: summary.link,
      });
    } catch {
      // Closing the share sheet is not an error worth a toast.
    }
  };
  const makePoster = async () => {
    const { drawPoster } = await import('./poster.ts');
    const canvas = drawPoster(summary.code, summary.link, {
      appName: t('app.name'),
      title: t('share.posterTitle'),
      codeLabel: t('share.code'),
      scan: t('share.posterScan'),
      rtl: i18n.dir() === 'rtl',
    });
    canvas.toBlob((blob) => {
      if (!blob) return;
      if (poster) URL.revokeObjectURL(poster.url);
      setPoster({ url: URL.createObjectURL(blob), file: `meridian-invite-${summary.code}.png` });
    }, 'image/png');
  };
  return (
    <section className="card invite-card">
      <p className="muted small">{t('share.intro')}</p>
      <div className="invite-code-row">
        <span className="muted">{t('share.code')}</span>
        <b className="mono invite-code" dir="ltr">
          {summary.code}
        </b>
        <CopyButton text={summary.code} label={t('share.copyCode')} />
      </div>
      <QrCopy
        value={summary.link}
        qrLabel={t('share.qrLabel')}
        copyLabel={t('share.copyLink')}
        className="invite-link"
      />
      <div className="actions">
        {canShare ? (
          <button type="button" className="button button-primary share-button" onClick={() => void share()}>
            {t('share.share')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary poster-button"
          onClick={() => void makePoster()}
        >
          {t('share.poster')}
        </button>
      </div>
      {poster ? (
        <figure className="poster">
          <img src={poster.url} alt={t('share.posterTitle')} width="360" height="540" />
          <a className="button button-secondary block" href={poster.url} download={poster.file}>
            {t('share.savePoster')}
          </a>
        </figure>
      ) : null}
    </section>
  );
}

function BindForm({ onBound }: { onBound(): void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useBusy();
  const requestId = useRequestId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Before the check as well as in run(): a submit while binding does not touch the error line.
    if (busy) return;
    if (!/^[A-Z0-9]{6,12}$/.test(code)) {
      setError(t('errors.field_invalid', { field: t('share.code') }));
      return;
    }
    await run(async () => {
      try {
        await bindInvite({ inviteCode: code, requestId: requestId.current });
        requestId.renew();
        toast.success(t('share.bound'));
        onBound();
      } catch (e) {
        setError((e as Error).message);
      }
    });
  };
  return (
    <form className="card form bind-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('share.bindTitle')}</h2>
      <p className="muted small">{t('share.bindHint')}</p>
      <CodeField
        label={t('share.inviterCode')}
        name="inviteCode"
        autoCapitalize="characters"
        maxLength={12}
        value={code}
        onChange={(e) => {
          requestId.renew();
          setError('');
          setCode(e.target.value.trim().toUpperCase());
        }}
      />
      <FormSubmit error={error} busy={busy} label={t('share.bind')} />
    </form>
  );
}

function InviteeRow({ person }: { person: Invitee }) {
  const { t } = useTranslation();
  return (
    <li className="invitee">
      <div>
        <span className="mono" dir="ltr">
          {person.address}
        </span>
        <span className="muted small">
          {t(person.level === 1 ? 'share.level1' : 'share.level2')} · {formatDate(person.joinedAt)}
        </span>
      </div>
      <div className="record-end">
        <span className="muted small">{t('share.earned')}</span>
        <span className="amount up" dir="ltr">
          {person.earned.length === 0
            ? '--'
            : person.earned.map((e) => `+${withThousands(e.amount)} ${e.coin}`).join(' · ')}
        </span>
      </div>
    </li>
  );
}

export function ReferralPage() {
  const { t } = useTranslation();
  const load = useLoad(() => getReferral(1), []);
  return (
    <>
      <PageHeader title={t('routes.share')} />
      <LoadState load={load}>
        {(s) => (
          <>
            <InviteCard summary={s} />
            <section className="card">
              <h2>{t('share.earnings')}</h2>
              <Facts
                rows={[
                  { label: t('share.direct'), value: withThousands(String(s.direct)), dir: 'ltr' },
                  { label: t('share.indirect'), value: withThousands(String(s.indirect)), dir: 'ltr' },
                  { label: t('share.directShare'), value: `${s.shares.direct}%`, dir: 'ltr' },
                  { label: t('share.indirectShare'), value: `${s.shares.indirect}%`, dir: 'ltr' },
                  s.inviter !== null && {
                    label: t('share.inviter'),
                    value: s.inviter,
                    dir: 'ltr',
                    wide: true,
                  },
                ]}
              />
              {s.earnings.length === 0 ? (
                <p className="muted small">{t('share.noEarnings')}</p>
              ) : (
                <ul className="earnings-list">
                  {s.earnings.map((e) => (
                    <li key={e.coin}>
                      <b>{e.coin}</b>
                      <span>
                        {t('share.level1')} <span dir="ltr">{withThousands(e.direct)}</span>
                      </span>
                      <span>
                        {t('share.level2')} <span dir="ltr">{withThousands(e.indirect)}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <p className="muted small">{t('share.how')}</p>
            </section>
            {s.inviter === null ? <BindForm onBound={load.reload} /> : null}
            <h2 className="section-title">{t('share.invitees')}</h2>
            <RecordList<Invitee>
              fetchPage={getInvitees}
              row={(p) => <InviteeRow key={`${p.address}-${p.joinedAt}`} person={p} />}
            />
          </>
        )}
      </LoadState>
    </>
  );
}
