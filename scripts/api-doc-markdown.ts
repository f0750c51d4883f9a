import en from '../locales/en.json' with { type: 'json' };
import { ERRORS, type ErrorName, errorKey } from '../protocol/errors.ts';

// ---------------------------------------------------------------------------------------------
// Markdown helpers

function cell(value: string): string {
  return value.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/**
 * Display width of a cell's text, the way Biome's Markdown formatter measures it when it aligns
 * tables: East Asian wide characters count two columns, combining marks none.
 */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f]/u;

function width(text: string): number {
  let columns = 0;
  for (const char of text) columns += ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return columns;
}

/** A Markdown table with padded, aligned columns (as `biome format` leaves it). */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const body = [head, ...rows].map((cells) => cells.map(cell));
  const widths = head.map((_, i) => Math.max(3, ...body.map((cells) => width(cells[i] ?? ''))));
  const pad = (text: string, i: number) => text + ' '.repeat((widths[i] ?? 0) - width(text));
  const line = (cells: readonly string[]) => `| ${cells.map(pad).join(' | ')} |`;
  const [header = [], ...rest] = body;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rest.map(line)].join('\n');
}

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');
export const code = (value: string) => `\`${value}\``;
export const err = (name: ErrorName) => `${code(ERRORS[name].code)} ${name}`;

/** The English message of a catalogue error, as the server sends it when the language is `en`. */
export function englishError(name: ErrorName): string {
  const messages: Record<string, string> = en.errors;
  const message = messages[name];
  if (message === undefined) throw new Error(`locales/en.json has no ${errorKey(name)}`);
  return message;
}

/** The requirement of one action in a valibot pipe (e.g. the pattern of a `regex` action). */
export function requirement(schema: { pipe: readonly unknown[] }, type: string): unknown {
  for (const item of schema.pipe) {
    const action = item as { type?: unknown; requirement?: unknown };
    if (action.type === type) return action.requirement;
  }
  throw new Error(`schema has no ${type} action`);
}
