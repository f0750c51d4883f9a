/**
 * The stream benchmarks' reader of `text/event-stream` answers: each event's raw text (its lines up
 * to the blank line, the last newline kept) with the moment its chunk arrived. Plain string search
 * rather than a full parser, so a thousand clients in one process measure the server, not the
 * reader; the benchmarks only look for `retry:`, `id:`, `event:` and a few JSON fields.
 */
import type { IncomingMessage } from 'node:http';

/** Wall-clock ms with sub-millisecond resolution, the same clock in every bench process. */
export const clock = (): number => performance.timeOrigin + performance.now();

export function onSseEvents(response: IncomingMessage, onEvent: (event: string, now: number) => void): void {
  response.setEncoding('utf8');
  let buffered = '';
  response.on('data', (chunk: string) => {
    const now = clock();
    buffered += chunk;
    let end = buffered.indexOf('\n\n');
    while (end !== -1) {
      const event = buffered.slice(0, end + 1);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\n\n');
      onEvent(event, now);
    }
  });
}
