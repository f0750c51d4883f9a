/**
 * How long the operator's session has left: until the idle limit (every call starts it again) and
 * the absolute one (OPS_MAX_MS after sign-in). When either passes, the console signs out at once
 * rather than letting the next click fail.
 */
import { useEffect, useState } from 'react';
import type { OperatorInfo } from '../../protocol/ops.ts';
import { duration, when } from './format.ts';
import { useI18n } from './i18n/i18n.tsx';

export function SessionClock({ session, onExpired }: { session: OperatorInfo; onExpired(): void }) {
  const { t, locale } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);
  const ends = Math.min(session.idleExpiresAt, session.expiresAt);
  useEffect(() => {
    if (now >= ends) onExpired();
  }, [now, ends, onExpired]);
  return (
    <span className="ops-clock" title={t('session.absolute', { at: when(session.expiresAt, locale) })}>
      {t('session.idle', { left: duration(session.idleExpiresAt - now, t) })}
      {' · '}
      {t('session.absolute', { at: when(session.expiresAt, locale) })}
    </span>
  );
}
