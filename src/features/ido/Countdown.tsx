import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts } from './countdown.ts';

/**
 * A live countdown to `to` (Unix ms), ticking each second while on screen. The days and the clock
 * are isolated from each other: in Arabic the days ("4 ي") stand first, on the right, and the
 * clock after them reads 23:59:42 left to right, never mixed into one run ("ي 23:59:42 4").
 */
export function Countdown({ to }: { to: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const { days, clock } = countdownParts(to - now);
  return (
    <span className="countdown" role="timer">
      {days > 0 ? (
        <>
          <bdi>{t('ido.countdownDays', { count: days })}</bdi>{' '}
        </>
      ) : null}
      <bdi dir="ltr">{clock}</bdi>
    </span>
  );
}
