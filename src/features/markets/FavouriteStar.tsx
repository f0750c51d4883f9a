import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { isFavourite, toggleFavourite } from './favourites.ts';

/** The star that keeps a market among the favourites: a toggle button with what it does as its name. */
export function FavouriteStar({ symbol, name }: { symbol: string; name: string }) {
  useSignals();
  const { t } = useTranslation();
  const on = isFavourite(symbol);
  return (
    <button
      type="button"
      className={`favourite-star ${on ? 'on' : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'markets.favouriteRemove' : 'markets.favouriteAdd', { name })}
      onClick={() => toggleFavourite(symbol)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </svg>
    </button>
  );
}
