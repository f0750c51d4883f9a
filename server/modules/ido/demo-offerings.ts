/**
 * The demo IDO offerings (docs/ido.md): one running now and one coming, both with their treasury
 * funded through the operator's commands. The tokens say what they are: they exist on this
 * installation only.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const iso = (at: number) => new Date(at).toISOString();

/** The demo offerings' name and description in the other eight languages; `{token}` is the token. */
const DEMO_TEXTS: Record<string, { name: string; description: string }> = {
  'zh-CN': {
    name: '{name}（演示代币）',
    description: '本站的演示发行：{token} 仅存在于本平台，在平台之外没有任何价值。',
  },
  'zh-TW': {
    name: '{name}（示範代幣）',
    description: '本站的示範發行：{token} 僅存在於本平台，在平台之外沒有任何價值。',
  },
  ja: {
    name: '{name}（デモトークン）',
    description:
      'このサイトのデモ販売です。{token} はこのプラットフォーム上にのみ存在し、外部では価値がありません。',
  },
  ko: {
    name: '{name} (데모 토큰)',
    description:
      '이 사이트의 데모 공모입니다. {token}은(는) 이 플랫폼에만 존재하며 플랫폼 밖에서는 가치가 없습니다.',
  },
  th: {
    name: '{name} (โทเคนสาธิต)',
    description: 'การเสนอขายสาธิตของระบบนี้: {token} มีอยู่บนแพลตฟอร์มนี้เท่านั้นและไม่มีมูลค่าภายนอกแพลตฟอร์ม',
  },
  ar: {
    name: '{name} (رمز تجريبي)',
    description: 'طرح تجريبي لهذه المنصة: لا يوجد {token} إلا على هذه المنصة ولا قيمة له خارجها.',
  },
  fr: {
    name: '{name} (jeton de démonstration)',
    description:
      "Une offre de démonstration de cette installation : {token} n'existe que sur cette plateforme et n'a aucune valeur en dehors.",
  },
  it: {
    name: '{name} (token dimostrativo)',
    description:
      "Un'offerta dimostrativa di questa installazione: {token} esiste solo su questa piattaforma e non ha valore al di fuori.",
  },
};

/** `translation set` commands for one demo offering, in every language but English. */
function translations(token: string, name: string): string[][] {
  return Object.entries(DEMO_TEXTS).flatMap(([lang, text]) =>
    (['name', 'description'] as const).map((field) => [
      ...['translation', 'set', 'ido', token, field, lang],
      ...['--text', text[field].replace('{name}', name).replace('{token}', token)],
    ]),
  );
}

export function demoIdoCommands(now: number): string[][] {
  const offerings = [
    {
      token: 'NOVA',
      name: 'Nova (demo token)',
      shortName: 'Nova',
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
      shortName: 'Orbit',
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
    ...translations(o.token, o.shortName),
  ]);
}
