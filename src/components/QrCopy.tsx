import { lazy, Suspense } from 'react';
import { CopyButton } from './CopyButton.tsx';

const QrCode = lazy(() => import('./QrCode.tsx'));

/**
 * Something to send to or to share (a deposit address, an invitation link): its QR code, which
 * loads on demand, then the text itself, left to right, with a copy button.
 */
export function QrCopy({
  value,
  qrLabel,
  copyLabel,
  className,
}: {
  value: string;
  qrLabel: string;
  copyLabel: string;
  /** The class of the text beside `mono`. */
  className: string;
}) {
  return (
    <>
      <Suspense fallback={<div className="qr qr-placeholder" />}>
        <QrCode value={value} label={qrLabel} />
      </Suspense>
      <div className="address-row">
        <code dir="ltr" className={`mono ${className}`}>
          {value}
        </code>
        <CopyButton text={value} label={copyLabel} />
      </div>
    </>
  );
}
