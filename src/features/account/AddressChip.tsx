import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton.tsx';
import { shorten } from '../../lib/format-text.ts';

/** A wallet address shortened by the display rules, with a copy button. */
export function AddressChip({ address }: { address: string }) {
  const { t } = useTranslation();
  return (
    <span className="address-chip">
      <span dir="ltr" className="mono" title={address}>
        {shorten(address, 6, 4)}
      </span>
      <CopyButton text={address} label={t('wallet.copy')} />
    </span>
  );
}
