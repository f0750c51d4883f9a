/** The console's header: who is signed in and with which role, the session's clock, the language, sign-out. */
import type { OperatorInfo } from '../../protocol/ops.ts';
import { BrandMark } from '../components/BrandMark.tsx';
import { shortAddress } from './format.ts';
import { OPS_LANGUAGES, type OpsLanguage, useI18n } from './i18n/i18n.tsx';
import { SessionClock } from './SessionClock.tsx';

export function Header({
  session,
  onExpired,
  onLogout,
}: {
  session: OperatorInfo | null;
  onExpired(): void;
  onLogout(): void;
}) {
  const { t, lang, setLang } = useI18n();
  return (
    <header className="ops-header">
      <div className="ops-brand">
        <BrandMark />
        <strong>{t('app.title')}</strong>
      </div>
      {session && (
        <div className="ops-who">
          <span className="ops-address" title={session.address}>
            {shortAddress(session.address)}
          </span>
          <span className={`ops-role ops-role-${session.role}`}>{t(`role.${session.role}`)}</span>
          <SessionClock session={session} onExpired={onExpired} />
        </div>
      )}
      <div className="ops-header-tools">
        <select
          className="ops-language"
          aria-label={t('app.language')}
          value={lang}
          onChange={(event) => setLang(event.target.value as OpsLanguage)}
        >
          {Object.entries(OPS_LANGUAGES).map(([code, { name }]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {session && (
          <button type="button" className="ops-button ops-quiet ops-logout" onClick={onLogout}>
            {t('app.logout')}
          </button>
        )}
      </div>
    </header>
  );
}
