/**
 * The demo IDO offerings (docs/ido.md): one running now and one coming, both with their treasury
 * funded through the operator's commands. The tokens say what they are: they exist on this
 * installation only.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const iso = (at: number) => new Date(at).toISOString();

export function demoIdoCommands(now: number): string[][] {
  const offerings = [
    {
      token: 'NOVA',
      name: 'Nova (demo token)',
      price: '0.05',
      offering: '200000',
      share: '1000',
      min: '1',
      max: '20',
      start: now - HOUR,
      end: now + 5 * DAY,
      release: now + 6 * DAY,
      description:
        'A demo offering of this installation: NOVA exists only on this platform and has no value outside it.',
    },
    {
      token: 'ORBIT',
      name: 'Orbit (demo token)',
      price: '0.2',
      offering: '50000',
      share: '250',
      min: '1',
      max: '10',
      start: now + 3 * DAY,
      end: now + 10 * DAY,
      release: now + 12 * DAY,
      description:
        'A demo offering of this installation: ORBIT exists only on this platform and has no value outside it.',
    },
  ];
  return offerings.flatMap((o) => [
    [
      ...['ido', 'create', o.token, '--name', o.name, '--precision', '6', '--price', o.price],
      ...['--offering', o.offering, '--share-size', o.share, '--min-shares', o.min, '--max-shares', o.max],
      ...[
        '--start',
        iso(o.start),
        '--end',
        iso(o.end),
        '--release',
        iso(o.release),
        '--description',
        o.description,
      ],
    ],
    ['fund', 'ido-treasury', o.token, o.offering],
  ]);
}
