import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from './Sheet.tsx';

/**
 * A bottom sheet that asks the user to confirm a money movement after showing what it will do
 * (docs/spec/design.md section 8: a mutating button shows progress and cannot be pressed twice). It is a
 * modal dialog: the confirm button takes focus when it opens, Escape or a tap outside cancels
 * (not while the call is on its way), and the layout follows the page's direction.
 */
export function ConfirmSheet({
  title,
  subtitle,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  subtitle?: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Sheet title={title} onDismiss={cancel}>
      {subtitle ? <p className="muted small">{subtitle}</p> : null}
      {children}
      <div className="actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={cancel}>
          {t('app.cancel')}
        </button>
        <button
          ref={confirm}
          type="button"
          className="button button-primary sheet-confirm"
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {busy ? t('app.loading') : confirmLabel}
        </button>
      </div>
    </Sheet>
  );
}
