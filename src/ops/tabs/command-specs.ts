/**
 * Forms for the settings and money commands operators run most (server/admin/commands/*: their
 * `usage` lines), each field one word or option of the CLI's command. Anything else goes through
 * the command line form (ConfigTab), in the CLI's own words.
 */

export interface FieldSpec {
  name: string;
  /** `arg`: a positional word; `words`: several positional words typed with spaces; `opt`: `--name value`; `flag`: `--name`. */
  kind: 'arg' | 'words' | 'opt' | 'flag';
  required: boolean;
  choices?: readonly string[];
  hint?: string;
}

export interface CommandSpec {
  /** The command's name in protocol/ops.ts COMMAND_ROLES. */
  command: string;
  fields: readonly FieldSpec[];
}

const arg = (name: string, choices?: readonly string[], hint?: string): FieldSpec => ({
  name,
  kind: 'arg',
  required: true,
  ...(choices ? { choices } : {}),
  ...(hint ? { hint } : {}),
});
const opt = (name: string, required = false, choices?: readonly string[]): FieldSpec => ({
  name,
  kind: 'opt',
  required,
  ...(choices ? { choices } : {}),
});
const flag = (name: string): FieldSpec => ({ name, kind: 'flag', required: false });

// server/admin/commands/money.ts POOL_ALIASES: the short names operators type.
const POOLS = ['staking-pool', 'exchange-inventory', 'mining-pool', 'ido-treasury', 'trading-pool'];
const poolMovement = [arg('account', POOLS), arg('coin', undefined, 'USDT'), arg('amount', undefined, '100')];

export const COMMAND_SPECS: readonly CommandSpec[] = [
  { command: 'fund', fields: poolMovement },
  { command: 'defund', fields: poolMovement },
  {
    command: 'adjust',
    fields: [
      arg('wallet', undefined, '0x…'),
      arg('coin', undefined, 'USDT'),
      arg('amount', undefined, '+100 / -2.5'),
    ],
  },
  {
    command: 'config staking-plan',
    fields: [
      arg('COIN', undefined, 'USDT'),
      arg('DAYS', undefined, '30'),
      opt('apr', true),
      opt('min', true),
      opt('max', true),
      opt('quota', true),
      flag('early-redemption'),
      opt('sort'),
      flag('disable'),
    ],
  },
  {
    command: 'config pair',
    fields: [
      arg('FROM', undefined, 'BTC'),
      arg('TO', undefined, 'USDT'),
      opt('spread', true),
      opt('fee', true),
      opt('min', true),
      opt('max', true),
      opt('market'),
      opt('sort'),
      flag('disable'),
    ],
  },
  {
    command: 'config machine',
    fields: [
      arg('KEY'),
      opt('name', true),
      opt('algorithm', true, ['SHA-256', 'Scrypt', 'kHeavyHash']),
      ...[
        'coin',
        'hashrate',
        'power',
        'size',
        'weight',
        'chip',
        'environment',
        'cycle',
        'rent',
        'fee',
        'min',
        'stock',
      ].map((n) => opt(n, true)),
      flag('joint'),
      opt('boost'),
      opt('start'),
      opt('sort'),
      flag('disable'),
    ],
  },
  {
    command: 'config withdraw',
    fields: [
      arg('COIN', undefined, 'USDT'),
      arg('CHAIN', undefined, 'TRC20'),
      opt('fee', true),
      opt('min', true),
      opt('max', true),
      flag('disable'),
    ],
  },
  {
    command: 'config withdraw-limit',
    fields: [arg('COIN', undefined, 'USDT'), arg('amount', undefined, '10000 / off')],
  },
  { command: 'config address-delay', fields: [arg('hours', undefined, '24 / off')] },
  {
    command: 'config feature',
    fields: [arg('state', ['on', 'off']), { name: 'features', kind: 'words', required: true }],
  },
  { command: 'config referral', fields: [opt('direct', true), opt('indirect', true)] },
  { command: 'config mining-yield', fields: [arg('COIN', undefined, 'BTC'), opt('per-th', true)] },
];

/** The command's words from the form's values, or null while a required field is empty. */
export function specArgv(
  spec: CommandSpec,
  values: Readonly<Record<string, string | boolean>>,
): string[] | null {
  const argv = spec.command.split(' ');
  for (const field of spec.fields) {
    const value = values[field.name];
    if (field.kind === 'flag') {
      if (value === true) argv.push(`--${field.name}`);
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      if (field.required) return null;
      continue;
    }
    if (field.kind === 'arg') argv.push(text);
    else if (field.kind === 'words') argv.push(...text.split(/\s+/));
    else argv.push(`--${field.name}`, text);
  }
  return argv;
}

/** A command line as the operator would type it: words with spaces or quotes in JSON quotes. */
export function argvLine(argv: readonly string[]): string {
  return argv.map((word) => (word === '' || /[\s"'\\]/.test(word) ? JSON.stringify(word) : word)).join(' ');
}
