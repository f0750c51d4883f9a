import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

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
  const titleId = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the backdrop's tap is a shortcut; Escape and the Cancel button do the same
    <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && cancel()}>
      <div
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => e.key === 'Escape' && cancel()}
      >
        <h2 id={titleId} dir="auto">
          {title}
        </h2>
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
      </div>
    </div>
  );
}
