/**
 * Field validation shared by client and server. Schemas are valibot schemas over the decoded
 * form body, where every value is a string. `parseForm` turns the first problem into one of the
 * catalogue's errors with the offending field as a parameter, so the server's answer and the
 * client's own check read the same.
 */
import * as v from 'valibot';
import type { ErrorName, ErrorParams } from './errors.ts';

/** No single form field may be longer than this; a longer one is refused before any rule runs. */
export const MAX_FIELD_LENGTH = 2048;

export type FormBody = Record<string, unknown>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: ErrorName; params: ErrorParams };

/**
 * A message set on a schema action that names a catalogue error (e.g. `unsupported_language`)
 * is used as the error; any other failure is `field_required` when the field is absent and
 * `field_invalid` otherwise.
 */
export function errorMessage(name: ErrorName): string {
  return `error:${name}`;
}

export function parseForm<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: FormBody,
  /** Fields allowed longer than MAX_FIELD_LENGTH, with their own limit (a console command's words). */
  longer: Readonly<Record<string, number>> = {},
): ParseResult<v.InferOutput<TSchema>> {
  for (const [field, value] of Object.entries(body)) {
    // Duplicate keys decode to arrays; nested brackets are not a form encoding we accept.
    if (typeof value !== 'string') return { ok: false, error: 'field_invalid', params: { field } };
    const limit = Object.hasOwn(longer, field) ? (longer[field] as number) : MAX_FIELD_LENGTH;
    if (value.length > limit) return { ok: false, error: 'field_too_long', params: { field } };
  }
  const result = v.safeParse(schema, body);
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const key = issue.path?.[0]?.key;
  const field = typeof key === 'string' ? key : '';
  if (issue.message.startsWith('error:')) {
    return { ok: false, error: issue.message.slice(6) as ErrorName, params: { field } };
  }
  return {
    ok: false,
    error: issue.input === undefined || issue.input === '' ? 'field_required' : 'field_invalid',
    params: { field },
  };
}

/** A UUID as made by `crypto.randomUUID()`, the form every mutating call's `requestId` takes. */
export const requestId = v.pipe(
  v.string(),
  v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i),
);

/** A non-empty string without control characters or surrounding space. */
export const text = (max: number) =>
  v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(max),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    v.regex(/^[^\u0000-\u001f\u007f]*$/),
    v.check((s) => s.trim() === s),
  );

/** A positive page number counted from 1, sent as a decimal string. */
export const pageNumber = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,5}$/), v.transform(Number));

/** A page size from 1 to 100. */
export const pageSize = v.pipe(
  v.string(),
  v.regex(/^[1-9][0-9]{0,2}$/),
  v.transform(Number),
  v.maxValue(100),
);

/** The fields of every paged request: `page` from 1, `size` (20 unless a list says otherwise). */
export const paging = (size = '20') => ({
  page: v.optional(pageNumber, '1'),
  size: v.optional(pageSize, size),
});

/**
 * A non-negative decimal amount with at most `scale` digits after the point, as a string.
 * Amounts never travel as floats, so no exponent, no sign and no thousands separators.
 */
export const decimalAmount = (scale: number) =>
  v.pipe(
    v.string(),
    v.regex(
      scale > 0 ? new RegExp(`^(0|[1-9][0-9]{0,17})(\\.[0-9]{1,${scale}})?$`) : /^(0|[1-9][0-9]{0,17})$/,
    ),
  );

export const emptyForm = v.object({});
