/**
 * The oracle's SSE stream against a local server that speaks Hermes's documented API
 * (tests/helpers/fixture-hermes.ts): prices decoded from events split across chunks, the API key
 * sent as a bearer token, broken events counted and skipped, keep-alive comments keeping a quiet
 * stream alive, an ended stream and a frozen one replaced.
 */
import { expect, test } from 'vitest';
import { HermesStream } from '../../server/modules/markets/live/hermes-stream.ts';
import { type PythPrice, streamUrl } from '../../server/modules/markets/live/pyth-messages.ts';
import { startHermesFixture } from '../helpers/fixture-hermes.ts';
import { fixtureStreamPerTest } from '../helpers/fixture-stream.ts';
import { until } from '../helpers/until.ts';

const EURUSD = 'a995d00bb36a63cef7fd2c287dc105fc8f3d93779f062f09551b0af3e81ec30b';
const entry = (price: string, publishTime: number) => ({
  id: EURUSD,
  price: { price, conf: '1200', expo: -8, publish_time: publishTime },
  ema_price: { price, conf: '1300', expo: -8, publish_time: publishTime },
  metadata: { slot: 1, proof_available_time: publishTime, prev_publish_time: publishTime - 1 },
});

const feed = fixtureStreamPerTest(
  startHermesFixture,
  (hermes, deliver: (p: PythPrice) => void, options) =>
    new HermesStream(
      streamUrl(hermes.base, [EURUSD]),
      'test-key',
      (prices) => prices.forEach(deliver),
      options,
    ),
);
const { received, follow } = feed;

test('prices arrive decoded, with the key as a bearer token; broken events are skipped', async () => {
  const s = follow();
  await until(() => feed.server.streams() === 1 && s.connections === 1);
  expect(feed.server.requests[0]).toEqual({
    url: `/v2/updates/price/stream?ids[]=${EURUSD}&parsed=true`,
    authorization: 'Bearer test-key',
  });
  feed.server.pushRaw('data:{"parsed":[{"id":"nope"}]}\n\n');
  feed.server.pushRaw('data:not json\n\n');
  // One event split across two writes: the parser joins them.
  const text = JSON.stringify({ binary: {}, parsed: [entry('108505000', 1_764_300_000)] });
  feed.server.pushRaw(`data:${text.slice(0, 40)}`);
  feed.server.pushRaw(`${text.slice(40)}\n\n`);
  await until(() => received.length === 1 && s.stats.malformed === 2);
  expect(received[0]).toEqual({
    id: EURUSD,
    price: '1.08505',
    conf: '0.000012',
    publishedAt: 1_764_300_000_000,
  });
});

test('an ended stream is replaced; comments keep a quiet one alive; a silent one is replaced', async () => {
  const s = follow(600);
  await until(() => s.connections === 1);
  feed.server.endAll();
  await until(() => s.connections === 2 && feed.server.streams() === 1);
  // Keep-alive comments every 100 ms: no data, but not frozen.
  for (let i = 0; i < 6; i++) {
    feed.server.pushRaw(':\n\n');
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(s.connections).toBe(2);
  feed.server.push([entry('108506000', 1_764_300_001)]);
  await until(() => received.length === 1);
  // Then nothing at all: after 600 ms the stream is taken for frozen and opened again.
  await until(() => s.connections === 3);
});
