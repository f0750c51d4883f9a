import { type ReactNode, useId } from 'react';

/**
 * A bottom sheet: a modal dialog over a backdrop, titled by its heading. Escape or a tap on the
 * backdrop dismisses it (`onDismiss`, which may refuse while something is on its way); the
 * caller's own buttons do the rest, and the layout follows the page's direction.
 */
export function Sheet({
  title,
  className,
  onDismiss,
  children,
}: {
  title: string;
  className?: string;
  onDismiss(): void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the backdrop's tap is a shortcut; Escape and the sheet's own buttons do the same
    <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && onDismiss()}>
      <div
        className={className ? `sheet ${className}` : 'sheet'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => e.key === 'Escape' && onDismiss()}
      >
        <h2 id={titleId} dir="auto">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
