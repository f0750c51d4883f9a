/**
 * The response envelope every product call answers with (docs/spec/design.md section 4).
 * `00000` is success, `1001` success with a notice the client shows as a success toast,
 * `500` means the session is missing or expired; anything else is an error listed in errors.ts.
 */
export const RESP_OK = '00000';
export const RESP_OK_NOTICE = '1001';
export const RESP_SESSION_ENDED = '500';

export interface Envelope<T = unknown> {
  respCode: string;
  respMsg: string;
  data: T | null;
}

export function isSuccess(respCode: string): boolean {
  return respCode === RESP_OK || respCode === RESP_OK_NOTICE;
}

/** A response must be a plain object with a string respCode to count as an envelope at all. */
export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { respCode?: unknown }).respCode === 'string'
  );
}

/** Paged lists travel as `{ list, total, page, size }` with `page` counted from 1. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** The path of a product call. */
export function codePath(code: string): string {
  return `/adc/html/eto/${code}.do`;
}

export const CODE_PATH_PATTERN = /^\/adc\/html\/eto\/([A-Za-z0-9]{1,10})\.do$/;
