import { useTranslation } from 'react-i18next';
import type { SavedAddress } from '../../../protocol/withdraw-address-book.ts';
import { When } from '../../components/When.tsx';

/** A saved address: its label, coin and network, the address, and whether it is usable yet. */
export function SavedAddressLine({ saved, now = Date.now() }: { saved: SavedAddress; now?: number }) {
  const { t } = useTranslation();
  const cooling = saved.usableFrom > now;
  return (
    <div className="saved-address">
      <span>
        <strong>{saved.label}</strong>{' '}
        <span className="muted small">
          {saved.coin} · {saved.chain}
        </span>
      </span>
      <span className="mono break small" dir="ltr">
        {saved.address}
      </span>
      <span className={`small ${cooling ? 'warn' : 'muted'}`}>
        {cooling ? (
          <>
            {t('addressBook.usableFrom')} <When at={saved.usableFrom} />
          </>
        ) : (
          t('addressBook.usable')
        )}
      </span>
    </div>
  );
}
