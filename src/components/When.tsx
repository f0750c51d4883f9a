import { formatDateTime } from '../lib/format-text.ts';

/** A date and time as `yyyy/MM/dd HH:mm:ss`, kept left to right inside right-to-left text. */
export function When({ at }: { at: number }) {
  return (
    <span dir="ltr" className="when">
      {formatDateTime(at)}
    </span>
  );
}
