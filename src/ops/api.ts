/**
 * The console's one way to call the server (protocol/ops.ts): `POST /adc/ops/<call>`, form body,
 * the XMLHttpRequest marker, the operator's own cookie. `00000` and `1001` resolve with the data;
 * `500` means the operator's session ended (the console goes back to its sign-in screen); anything
 * else rejects with the server's `respMsg`, already in the operator's language.
 */
import { isEnvelope, isSuccess, RESP_OK_NOTICE, RESP_SESSION_ENDED } from '../../protocol/envelope.ts';
import type { OpsAnswers, OpsCall } from '../../protocol/ops.ts';

export type Fields = Record<string, string | undefined>;

export class OpsError extends Error {
  /** The envelope's respCode, or null when no envelope came back (network, proxy page). */
  readonly respCode: string | null;

  constructor(message: string, respCode: string | null) {
    super(message);
    this.name = 'OpsError';
    this.respCode = respCode;
  }
}

export interface OpsHooks {
  /** The session is gone (code 500): back to sign-in. */
  onSessionEnded(): void;
  /** A call succeeded: the idle timer of the session starts again. */
  onSuccess(): void;
  /** A `1001` success carries a notice worth showing. */
  onNotice(message: string): void;
  /** Text for a failure with no envelope (the network, a proxy's page). */
  unreachable(): string;
}

let hooks: OpsHooks = {
  onSessionEnded: () => {},
  onSuccess: () => {},
  onNotice: () => {},
  unreachable: () => 'Service request failed',
};

export function configureOps(next: OpsHooks): void {
  hooks = next;
}

/**
 * The language the server translates its messages into: the console's, which the operator may
 * have switched away from the browser's.
 */
let acceptLanguage = '';
export function setOpsLanguage(tag: string): void {
  acceptLanguage = tag;
}

/** Empty fields are left out: the server's optional fields are absent, never empty strings. */
export function formOf(fields: Fields): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') form.append(key, value);
  }
  return form;
}

export async function opsCall<C extends OpsCall>(call: C, fields: Fields = {}): Promise<OpsAnswers[C]> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Content-Type': 'application/x-www-form-urlencoded',
  };
  if (acceptLanguage) headers['Accept-Language'] = acceptLanguage;
  let body: unknown;
  try {
    const response = await fetch(`/adc/ops/${call}`, {
      method: 'POST',
      headers,
      body: formOf(fields),
      credentials: 'same-origin',
    });
    body = await response.json();
  } catch {
    throw new OpsError(hooks.unreachable(), null);
  }
  if (!isEnvelope(body)) throw new OpsError(hooks.unreachable(), null);
  if (isSuccess(body.respCode)) {
    hooks.onSuccess();
    if (body.respCode === RESP_OK_NOTICE && body.respMsg) hooks.onNotice(body.respMsg);
    return body.data as OpsAnswers[C];
  }
  if (body.respCode === RESP_SESSION_ENDED) hooks.onSessionEnded();
  throw new OpsError(body.respMsg || hooks.unreachable(), body.respCode);
}

/** Whether a failure only means the session ended: the sign-in screen says so, no banner needed. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof OpsError && error.respCode === RESP_SESSION_ENDED;
}
