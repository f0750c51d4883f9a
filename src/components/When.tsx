import { formatDateTime, formatDateTimeUtc } from '../lib/format-text.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

/**
 * A date and time as `yyyy/MM/dd HH:mm:ss`, kept left to right inside right-to-left text, in the
 * reader's time zone. The server, which does not know that zone, writes UTC into a first screen,
 * and the browser's hydrating render does the same before it shows local time
 * (src/lib/use-hydrated.ts).
 */
export function When({ at }: { at: number }) {
  const hydrated = useHydrated();
  return (
    <span dir="ltr" className="when">
      {hydrated ? formatDateTime(at) : formatDateTimeUtc(at)}
    </span>
  );
}
