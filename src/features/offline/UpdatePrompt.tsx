import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { acceptUpdate, dismissUpdate } from './registration.ts';
import { updateWaiting } from './service-worker.ts';

/**
 * "A new version is ready": the user chooses when. Nothing reloads by itself, so a half-filled
 * form or an open trade screen is never lost to an update.
 */
export function UpdatePrompt() {
  useSignals();
  const { t } = useTranslation();
  if (!updateWaiting.value) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-prompt-text">
      <span id="update-prompt-text">{t('update.available')}</span>
      <div className="update-prompt-actions">
        <button type="button" className="button button-secondary" onClick={dismissUpdate}>
          {t('update.later')}
        </button>
        <button type="button" className="button" onClick={acceptUpdate}>
          {t('update.reload')}
        </button>
      </div>
    </div>
  );
}
