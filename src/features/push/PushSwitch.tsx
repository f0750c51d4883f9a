import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.ts';
import { ApiCallError } from '../../lib/api.ts';
import {
  disablePush,
  enablePush,
  keepSubscriptionCurrent,
  pushBusy,
  pushStatus,
  readPushStatus,
} from './push.ts';
import './push.css';

/** The "Get notified" switch: permission is asked only when it is turned on. */
export function PushSwitch() {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => {
    void readPushStatus().catch(() => {
      pushStatus.value = 'unsupported';
    });
    keepSubscriptionCurrent();
  }, []);
  const status = pushStatus.value;
  const on = status === 'on';
  const disabled = pushBusy.value || status === 'checking' || status === 'unsupported' || status === 'denied';
  const toggle = () => {
    const work = on ? disablePush() : enablePush();
    // Server answers were shown already (lib/api.ts); a browser refusal gets its own message.
    work.catch((error: unknown) => {
      if (!(error instanceof ApiCallError)) toast.error(t('push.failed'));
    });
  };
  const hint =
    status === 'unsupported'
      ? t('push.unsupported')
      : status === 'denied'
        ? t('push.denied')
        : on
          ? t('push.onHint')
          : t('push.offHint');
  return (
    <section className="card push-card">
      <div className="push-row">
        <div>
          <strong id="push-label">{t('push.getNotified')}</strong>
          <p className="muted small" id="push-hint">
            {hint}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="push-label"
          aria-describedby="push-hint"
          aria-busy={pushBusy.value}
          className={`switch${on ? ' switch-on' : ''}`}
          disabled={disabled}
          onClick={toggle}
        >
          <span className="switch-knob" />
        </button>
      </div>
    </section>
  );
}
