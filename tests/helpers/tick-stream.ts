/** Reads the tick stream (`/adc/stream/ticks`) of a running server for a while, as EventSource would. */
export interface TickEvent {
  id: string;
  data: string;
}

/** The tick events `url` streams for `symbols` during `forMs` (or until the server ends the stream). */
export async function readTicks(
  url: string,
  symbols: readonly string[],
  forMs: number,
): Promise<TickEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), forMs);
  const events: TickEvent[] = [];
  try {
    const response = await fetch(`${url}/adc/stream/ticks?symbols=${symbols.join(',')}`, {
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id && data && block.includes('event: tick')) events.push({ id, data });
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  return events;
}
