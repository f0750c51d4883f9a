import { useTranslation } from 'react-i18next';
import { toast } from './toast.ts';

/** Copies `text`, and says whether it worked ("Copy success" / "Copy failed"). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('messages.copy_success'));
    } catch {
      toast.error(t('messages.copy_failed'));
    }
  };
  return (
    <button type="button" className="icon-button" onClick={() => void copy()} aria-label={label}>
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <rect x="8" y="8" width="12" height="12" rx="2" />
        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
      </svg>
    </button>
  );
}
