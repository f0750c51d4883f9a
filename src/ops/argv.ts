/**
 * Commands as the operator types them (`config pair BTC USDT --spread 0.002`) and as the server
 * takes them (protocol/ops.ts `argvField`: a JSON array of words).
 */
import { COMMAND_ROLES, TWO_PERSON_COMMANDS } from '../../protocol/ops.ts';

/**
 * Splits a command line into words as a shell would for plain text: spaces separate, single or
 * double quotes keep spaces (and the other quote) inside a word, a backslash keeps the next
 * character. Returns null for an unclosed quote.
 */
export function splitWords(line: string): string[] | null {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) return null;
  if (inWord) words.push(word);
  return words;
}

/** The command's name in COMMAND_ROLES (`config pair`, `fund`), or null for one the console does not run. */
export function commandOf(argv: readonly string[]): string | null {
  const two = argv.slice(0, 2).join(' ');
  if (argv.length >= 2 && Object.hasOwn(COMMAND_ROLES, two)) return two;
  const one = argv[0] ?? '';
  return Object.hasOwn(COMMAND_ROLES, one) ? one : null;
}

/**
 * The console's commands that are not `mutating` on the server (server/admin/commands/*): the
 * server has nothing to preview in a rolled-back transaction for them (it refuses `preview`), so
 * the console runs them at once. Two of them still change something in transactions of their own
 * (a solvency snapshot, the IDO phases). argv.test.ts checks this list against the registry.
 */
export const RUN_WITHOUT_PREVIEW: readonly string[] = [
  'status',
  'config show',
  'withdrawals list',
  'staking plans',
  'exchange pairs',
  'mining machines',
  'ido list',
  'ido advance',
  'news list',
  'solvency list',
  'solvency snapshot',
  'markets status',
  'hotwallet status',
  'audit',
];

export function runsWithoutPreview(argv: readonly string[]): boolean {
  const name = commandOf(argv);
  return name !== null && RUN_WITHOUT_PREVIEW.includes(name);
}

/** Whether a second operator must approve the command before it runs. */
export function needsSecondOperator(argv: readonly string[]): boolean {
  const name = commandOf(argv);
  return name !== null && TWO_PERSON_COMMANDS.includes(name);
}
