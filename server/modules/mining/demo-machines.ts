/**
 * The demo mining catalogue (docs/mining.md): machines with their manufacturers' published rated
 * figures, the coins they produce (held on the platform, sold through the flash exchange), the
 * demo oracle's output per TH/s per day, and output pools funded to promise part of the stock:
 * the rest shows as sold out rather than over-promised. All of it goes through admin commands.
 */
import { demoPairCommand } from '../exchange/index.ts';

const ENV_AIR = '5–45 °C, 10–90 % RH (non-condensing)';
const ENV_HYDRO = 'Hydro-cooled, coolant 20–50 °C';

/** The two operating environments in the other eight languages: [air-cooled, hydro-cooled]. */
const ENV_TEXTS: Record<string, readonly [string, string]> = {
  'zh-CN': ['5–45 °C，相对湿度 10–90 %（无冷凝）', '水冷，冷却液 20–50 °C'],
  'zh-TW': ['5–45 °C，相對濕度 10–90 %（無冷凝）', '水冷，冷卻液 20–50 °C'],
  ja: ['5–45 °C、相対湿度 10–90 %（結露なし）', '水冷式、冷却液 20–50 °C'],
  ko: ['5–45 °C, 상대 습도 10–90 % (응결 없음)', '수랭식, 냉각수 20–50 °C'],
  th: ['5–45 °C, ความชื้นสัมพัทธ์ 10–90 % (ไม่ควบแน่น)', 'ระบายความร้อนด้วยน้ำ, น้ำหล่อเย็น 20–50 °C'],
  ar: ['5–45 °م، رطوبة نسبية 10–90 % (دون تكاثف)', 'تبريد مائي، سائل التبريد 20–50 °م'],
  fr: ['5–45 °C, HR 10–90 % (sans condensation)', 'Refroidi par eau, liquide 20–50 °C'],
  it: ['5–45 °C, UR 10–90 % (senza condensa)', 'Raffreddamento ad acqua, liquido 20–50 °C'],
};

interface DemoMachine {
  key: string;
  name: string;
  algorithm: 'SHA-256' | 'Scrypt' | 'kHeavyHash';
  coin: string;
  /** TH/s. */
  hashrate: string;
  power: string;
  size: string;
  weight: string;
  chip: string;
  environment: string;
  cycle: number;
  rent: string;
  fee: string;
  min: number;
  stock: number;
  boost?: string;
  joint?: boolean;
}

// biome-ignore format: one machine per entry reads as a table
const MACHINES: DemoMachine[] = [
  { key: 'S21', name: 'Antminer S21', algorithm: 'SHA-256', coin: 'BTC', hashrate: '200', power: '3500', size: '400 × 195 × 290 mm', weight: '15.4', chip: 'BM1368', environment: ENV_AIR, cycle: 30, rent: '225', fee: '12', min: 1, stock: 200 },
  { key: 'S21XP', name: 'Antminer S21 XP', algorithm: 'SHA-256', coin: 'BTC', hashrate: '270', power: '3645', size: '400 × 195 × 290 mm', weight: '15.7', chip: 'BM1370', environment: ENV_AIR, cycle: 90, rent: '960', fee: '48', min: 1, stock: 100, boost: '5' },
  { key: 'L9', name: 'Antminer L9', algorithm: 'Scrypt', coin: 'LTC', hashrate: '0.016', power: '3360', size: '400 × 195 × 290 mm', weight: '15.3', chip: 'Bitmain Scrypt ASIC', environment: ENV_AIR, cycle: 60, rent: '400', fee: '18', min: 1, stock: 120 },
  { key: 'L7', name: 'Antminer L7', algorithm: 'Scrypt', coin: 'DOGE', hashrate: '0.0095', power: '3425', size: '370 × 195.5 × 290 mm', weight: '15.5', chip: 'Bitmain Scrypt ASIC', environment: ENV_AIR, cycle: 30, rent: '100', fee: '6', min: 1, stock: 150 },
  { key: 'KS5PRO', name: 'Antminer KS5 Pro', algorithm: 'kHeavyHash', coin: 'KAS', hashrate: '21', power: '3150', size: '370 × 195.5 × 290 mm', weight: '16.1', chip: 'Bitmain kHeavyHash ASIC', environment: ENV_AIR, cycle: 30, rent: '250', fee: '14', min: 1, stock: 100 },
  { key: 'S21HYD', name: 'Antminer S21 Hyd.', algorithm: 'SHA-256', coin: 'BTC', hashrate: '335', power: '5360', size: '410 × 170 × 209 mm', weight: '16.1', chip: 'BM1368', environment: ENV_HYDRO, cycle: 30, rent: '3.7', fee: '0.2', min: 2, stock: 100, joint: true },
];

/** Coins only mining produces: held and exchanged on the platform, no chain configured. */
const MINED_COINS = [
  ['LTC', 'Litecoin', '6'],
  ['DOGE', 'Dogecoin', '7'],
  ['KAS', 'Kaspa', '8'],
] as const;

/** Output of 1 TH/s for one day, per coin, as the demo oracle pays it. */
const YIELD_PER_TH = [
  ['BTC', '0.00000045'],
  ['LTC', '4.375'],
  ['DOGE', '2600'],
  ['KAS', '3.7'],
] as const;

const POOLS = [
  ['BTC', '2'],
  ['LTC', '300'],
  ['DOGE', '60000'],
  ['KAS', '300000'],
] as const;

/** Selling a mined coin for USDT: limits in the coin. */
const SELL_PAIRS = [
  ['LTC', '0.1', '500'],
  ['DOGE', '60', '300000'],
  ['KAS', '150', '800000'],
] as const;

export const DEMO_MINING_COMMANDS: readonly string[][] = [
  ...MINED_COINS.map(([symbol, name, sort]) => [
    'config',
    'coin',
    symbol,
    '--name',
    name,
    '--precision',
    '8',
    '--chains',
    'none',
    '--sort',
    sort,
  ]),
  ...SELL_PAIRS.map(([coin, min, max]) => demoPairCommand(coin, 'USDT', min, max)),
  ...YIELD_PER_TH.map(([coin, perTh]) => ['config', 'mining-yield', coin, '--per-th', perTh]),
  ...MACHINES.map((m, sort) => [
    'config',
    'machine',
    m.key,
    '--name',
    m.name,
    '--algorithm',
    m.algorithm,
    '--coin',
    m.coin,
    '--hashrate',
    m.hashrate,
    '--power',
    m.power,
    '--size',
    m.size,
    '--weight',
    m.weight,
    '--chip',
    m.chip,
    '--environment',
    m.environment,
    '--cycle',
    String(m.cycle),
    '--rent',
    m.rent,
    '--fee',
    m.fee,
    '--min',
    String(m.min),
    '--stock',
    String(m.stock),
    '--boost',
    m.boost ?? '0',
    '--sort',
    String(sort + 1),
    ...(m.joint ? ['--joint'] : []),
  ]),
  ...POOLS.map(([coin, amount]) => ['fund', 'mining-pool', coin, amount]),
  ...MACHINES.flatMap((m) =>
    Object.entries(ENV_TEXTS).map(([lang, [air, hydro]]) => [
      ...['translation', 'set', 'machine', m.key, 'environment', lang],
      ...['--text', m.environment === ENV_HYDRO ? hydro : air],
    ]),
  ),
];
