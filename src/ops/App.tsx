/**
 * The console: resumes the operator's session (`me`) or asks to sign in, then shows the tabs the
 * role opens (roles.ts). The tab is in the path (/ops/<tab>), which the server answers with the
 * same page, so a reload stays where the operator was.
 */
import { useCallback, useEffect, useState } from 'react';
import { OPS_IDLE_MS, type OperatorInfo } from '../../protocol/ops.ts';
import { configureOps, isSessionEnded, opsCall } from './api.ts';
import { useReport } from './components/Problems.tsx';
import { Header } from './Header.tsx';
import { useI18n } from './i18n/i18n.tsx';
import { SignIn } from './SignIn.tsx';
import { TabView } from './TabView.tsx';

type Session = OperatorInfo | null | 'checking';

export function OpsApp() {
  const { t } = useI18n();
  const { report, notice } = useReport();
  const [session, setSession] = useState<Session>('checking');
  const [ended, setEnded] = useState(false);

  const end = useCallback(() => {
    setSession((current) => {
      if (current && current !== 'checking') setEnded(true);
      return null;
    });
  }, []);

  useEffect(() => {
    configureOps({
      onSessionEnded: end,
      // Every call the server answered moves the idle limit, as it does on the server.
      onSuccess: () =>
        setSession((current) =>
          current && current !== 'checking'
            ? { ...current, idleExpiresAt: Math.min(Date.now() + OPS_IDLE_MS, current.expiresAt) }
            : current,
        ),
      onNotice: notice,
      unreachable: () => t('error.unreachable'),
    });
  }, [end, notice, t]);

  useEffect(() => {
    opsCall('me')
      .then(setSession)
      .catch((error: unknown) => {
        setSession(null);
        if (!isSessionEnded(error)) report(error);
      });
  }, [report]);

  const logout = useCallback(() => {
    opsCall('logout')
      .catch((error: unknown) => report(error))
      .finally(() => {
        setEnded(false);
        setSession(null);
      });
  }, [report]);

  const signedIn = session !== null && session !== 'checking' ? session : null;
  return (
    <div className="ops-app">
      <Header session={signedIn} onExpired={end} onLogout={logout} />
      {session === 'checking' && <p className="ops-note ops-checking">{t('common.loading')}</p>}
      {session === null && (
        <SignIn
          ended={ended}
          onSignedIn={(info) => {
            setEnded(false);
            setSession(info);
          }}
        />
      )}
      {signedIn && <TabView me={signedIn} />}
    </div>
  );
}
