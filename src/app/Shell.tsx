import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';

/** Home, ecology, my and the IDO section sit inside the shell with the five-tab footer. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <main className="shell-main">{children}</main>
      <Footer />
    </div>
  );
}
