/**
 * The one way the client calls the server (SPEC.md section 7): POST, form-encoded, cookies, the
 * XMLHttpRequest marker header. A non-object answer is "Service request failed"; `00000` and
 * `1001` resolve; anything else rejects with the server's already translated `respMsg`; `500`
 * additionally ends the local session (the caller's `onSessionEnded`).
 */
import { type ApiCode, CODES } from '../../protocol/codes.ts';
import {
  codePath,
  type Envelope,
  isEnvelope,
  isSuccess,
  RESP_OK_NOTICE,
  RESP_SESSION_ENDED,
} from '../../protocol/envelope.ts';
import { isOffline, noteAnswer } from '../features/offline/network.ts';

export class ApiCallError extends Error {
  readonly respCode: string | null;

  constructor(message: string, respCode: string | null) {
    super(message);
    this.name = 'ApiCallError';
    this.respCode = respCode;
  }
}

export type ClientMessage = 'service_request_failed' | 'offline_nothing_sent' | 'offline_no_copy';

export interface ApiHooks {
  /** Translated text for the client's own messages (`messages.<key>`). */
  message(key: ClientMessage): string;
  onError?(message: string): void;
  /** A `1001` success carries a notice to show as a success toast. */
  onNotice?(message: string): void;
  onSessionEnded?(): void;
}

let hooks: ApiHooks = { message: () => 'Service request failed' };

export function configureApi(next: ApiHooks): void {
  hooks = next;
}

export type FormFields = Record<string, string | number | boolean | null | undefined>;

export function encodeForm(fields: FormFields): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

function fail(key: ClientMessage): never {
  const message = hooks.message(key);
  hooks.onError?.(message);
  throw new ApiCallError(message, null);
}

export async function callApi<T>(code: ApiCode, fields: FormFields = {}): Promise<Envelope<T>> {
  // A change made offline is refused before anything leaves the page: never queued, never
  // replayed later (DESIGN.md section 9). Reads go on; the service worker may answer them.
  if (CODES[code].mutating && isOffline()) fail('offline_nothing_sent');
  let body: unknown;
  try {
    const response = await fetch(codePath(code), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: encodeForm(fields),
    });
    noteAnswer(response.headers);
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!isEnvelope(body)) fail(isOffline() ? 'offline_no_copy' : 'service_request_failed');
  const envelope = body as Envelope<T>;
  if (isSuccess(envelope.respCode)) {
    if (envelope.respCode === RESP_OK_NOTICE && envelope.respMsg) hooks.onNotice?.(envelope.respMsg);
    return envelope;
  }
  if (envelope.respMsg) hooks.onError?.(envelope.respMsg);
  if (envelope.respCode === RESP_SESSION_ENDED) hooks.onSessionEnded?.();
  throw new ApiCallError(envelope.respMsg || hooks.message('service_request_failed'), envelope.respCode);
}

/** The `data` of a successful call. */
export async function fetchData<T>(code: ApiCode, fields?: FormFields): Promise<T> {
  return (await callApi<T>(code, fields)).data as T;
}
