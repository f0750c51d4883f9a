/** The five footer icons; the active variant is filled, the idle one outlined. */
import type { ReactElement } from 'react';

export type FooterIconName = 'home' | 'staking' | 'ido' | 'ecology' | 'my';

const PATHS: Record<FooterIconName, ReactElement> = {
  home: <path d="M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-5v-6h-4v6H5a1 1 0 0 1-1-1z" />,
  staking: (
    <>
      <ellipse cx="12" cy="6" rx="7" ry="3" />
      <path d="M5 6v6c0 1.7 3.1 3 7 3s7-1.3 7-3V6M5 12v6c0 1.7 3.1 3 7 3s7-1.3 7-3v-6" />
    </>
  ),
  ido: (
    <path d="M12 3c3 2 5 5.5 5 9l-2 4H9l-2-4c0-3.5 2-7 5-9zm0 6.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM9 18l-2 3h10l-2-3" />
  ),
  ecology: <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9zM4 7.5l8 4.5 8-4.5M12 12v9" />,
  my: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9c0-3.9 3.1-7 7-7s7 3.1 7 7z" />,
};

export function FooterIcon({ name, active }: { name: FooterIconName; active: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      fill={active ? 'currentColor' : 'none'}
      fillOpacity={active ? 0.25 : 0}
      stroke="currentColor"
      strokeWidth={active ? 2.2 : 1.6}
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      {PATHS[name]}
    </svg>
  );
}
