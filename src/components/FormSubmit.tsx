import { useTranslation } from 'react-i18next';

/**
 * The end of a money form: the problem found (by the client's own check or the server's answer),
 * then the submit button, which shows progress and cannot be pressed twice (docs/spec/design.md section 8).
 */
export function FormSubmit({
  error,
  busy,
  label,
  disabled = false,
}: {
  error: string;
  busy: boolean;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary block"
        disabled={busy || disabled}
        aria-busy={busy}
      >
        {busy ? t('app.loading') : label}
      </button>
    </>
  );
}
