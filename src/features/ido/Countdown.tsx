import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts } from './countdown.ts';

/** A live countdown to `to` (Unix ms), ticking each second while on screen. */
export function Countdown({ to }: { to: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const { days, clock } = countdownParts(to - now);
  return (
    <span className="countdown" dir="ltr" role="timer">
      {days > 0 ? `${t('ido.countdownDays', { count: days })} ` : ''}
      {clock}
    </span>
  );
}
