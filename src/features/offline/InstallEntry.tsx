import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { installed, installPrompt, isIos, promptInstall } from './install.ts';

/**
 * The "Add to home screen" entry: the browser's own install sheet where it offers one, the
 * Safari steps on iOS, nothing when installed or when the browser cannot install.
 */
export function InstallEntry() {
  useSignals();
  const { t } = useTranslation();
  const [stepsOpen, setStepsOpen] = useState(false);
  const ios = isIos();
  if (installed.value || (!installPrompt.value && !ios)) return null;
  return (
    <section className="card install-entry">
      <div className="install-entry-row">
        <img src="/icons/icon-192.png" alt="" width="40" height="40" />
        <div>
          <h2>{t('install.title')}</h2>
          <p className="muted">{t('install.why')}</p>
        </div>
        <button
          type="button"
          className="button"
          onClick={() => (ios ? setStepsOpen((open) => !open) : void promptInstall())}
          aria-expanded={ios ? stepsOpen : undefined}
        >
          {t('install.action')}
        </button>
      </div>
      {ios && stepsOpen ? (
        <ol className="install-steps">
          <li>{t('install.iosShare')}</li>
          <li>{t('install.iosAdd')}</li>
          <li>{t('install.iosConfirm')}</li>
        </ol>
      ) : null}
    </section>
  );
}
