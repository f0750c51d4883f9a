import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.ts';
import { shorten } from '../../lib/format.ts';

/** A wallet address shortened by the display rules, with a copy button. */
export function AddressChip({ address }: { address: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(t('messages.copy_success'));
    } catch {
      toast.error(t('messages.copy_failed'));
    }
  };
  return (
    <span className="address-chip">
      <span dir="ltr" className="mono" title={address}>
        {shorten(address, 6, 4)}
      </span>
      <button type="button" className="icon-button" onClick={() => void copy()} aria-label={t('wallet.copy')}>
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
    </span>
  );
}
