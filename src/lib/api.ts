/**
 * The one way the client calls the server (docs/spec/product.md section 7): POST, form-encoded, cookies, the
 * XMLHttpRequest marker header. A non-object answer is "Service request failed"; `00000` and
 * `1001` resolve; anything else rejects with the server's already translated `respMsg`; `500`
 * additionally ends the local session (the caller's `onSessionEnded`).
 */
import type { ApiCode } from '../../protocol/codes.ts';
import { CODES } from '../../protocol/codes.ts';
import type { AnswerOf, FieldsArg, FieldsOf } from '../../protocol/contract.ts';
import {
  codePath,
  type Envelope,
  isEnvelope,
  isSuccess,
  RESP_OK_NOTICE,
  RESP_SESSION_ENDED,
} from '../../protocol/envelope.ts';
import type { FirstAnswer, FirstRead, ReadFields } from '../../protocol/first-screen.ts';
import type { KeptRead } from '../../protocol/offline.ts';
import { isOffline, noteAnswer } from './network.ts';

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

export type FormFields = ReadFields;

// The contract's field types are plain records of text and numbers: what encodeForm takes.
const asForm = (fields: unknown): FormFields => (fields ?? {}) as FormFields;

export function encodeForm(fields: FormFields): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

/**
 * The reads that went past the service worker: sent, or brought by the page, before a worker
 * controlled it. When the first worker takes over, it asks them again and keeps them
 * (src/features/offline/registration.ts). Bounded, for a browser whose worker never takes over.
 */
export const readsPastWorker: KeptRead[] = [];

function notePastWorker(code: ApiCode, form: URLSearchParams): void {
  // No worker where there is none to come: the server's render, a browser without them.
  const worker = globalThis.navigator?.serviceWorker;
  if (worker && !worker.controller && !CODES[code].mutating && readsPastWorker.length < 50)
    readsPastWorker.push({ code, body: `${form}` });
}

function fail(key: ClientMessage): never {
  const message = hooks.message(key);
  hooks.onError?.(message);
  throw new ApiCallError(message, null);
}

export async function callApi<C extends ApiCode>(
  code: C,
  ...[given]: FieldsArg<C>
): Promise<Envelope<AnswerOf<C>>> {
  // The fields were this code's contract, so the answer is too.
  return (await send(code, asForm(given))) as Envelope<AnswerOf<C>>;
}

/** One call, fields as given: what callApi types and what a read started early sends. */
async function send(code: ApiCode, fields: FormFields): Promise<Envelope> {
  // A change made offline is refused before anything leaves the page: never queued, never
  // replayed later (docs/spec/design.md section 9). Reads go on; the service worker may answer them.
  if (CODES[code].mutating && isOffline()) fail('offline_nothing_sent');
  let body: unknown;
  const form = encodeForm(fields);
  notePastWorker(code, form);
  try {
    const response = await fetch(codePath(code), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: form,
    });
    noteAnswer(response.headers);
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!isEnvelope(body)) fail(isOffline() ? 'offline_no_copy' : 'service_request_failed');
  return settle(body as Envelope);
}

/** A success resolves (its notice toasted); an error is toasted and rejects, `500` ends the session. */
function settle<T>(envelope: Envelope<T>): Envelope<T> {
  if (isSuccess(envelope.respCode)) {
    if (envelope.respCode === RESP_OK_NOTICE && envelope.respMsg) hooks.onNotice?.(envelope.respMsg);
    return envelope;
  }
  if (envelope.respMsg) hooks.onError?.(envelope.respMsg);
  if (envelope.respCode === RESP_SESSION_ENDED) hooks.onSessionEnded?.();
  throw new ApiCallError(envelope.respMsg || hooks.message('service_request_failed'), envelope.respCode);
}

/**
 * A read-only code that answers with a file (10095's CSV): the file's bytes and the name the
 * server offers. A refusal comes as the usual envelope and is settled like any other call.
 */
export async function downloadFile(code: ApiCode, fields: FormFields): Promise<{ blob: Blob; name: string }> {
  // A file is made by the server each time: offline there is no copy to give, and nothing is sent.
  if (isOffline()) fail('offline_nothing_sent');
  let response: Response;
  try {
    response = await fetch(codePath(code), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: encodeForm(fields),
    });
    noteAnswer(response.headers);
  } catch {
    return fail(isOffline() ? 'offline_nothing_sent' : 'service_request_failed');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1];
  if (response.ok && name) {
    try {
      return { blob: await response.blob(), name };
    } catch {
      return fail('service_request_failed');
    }
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(body)) fail('service_request_failed');
  settle(body as Envelope);
  // A success without a file is not what a file code answers.
  return fail('service_request_failed');
}

/** The `data` of a successful call (or of the same read started early, see `startRead`). */
export async function fetchData<C extends ApiCode>(code: C, ...given: FieldsArg<C>): Promise<AnswerOf<C>> {
  const early = takeEarlyRead(code, asForm(given[0]));
  // An early read was asked with these very fields, so its answer is this code's.
  if (early) return early as Promise<AnswerOf<C>>;
  return (await callApi(code, ...given)).data;
}

/**
 * Reads started ahead of the screen that needs them: `src/main.tsx` starts the first screen's
 * read while the screens' code still loads, so on a cold start the round trip overlaps that
 * instead of following the first render. The first identical `fetchData` takes it, once; one not
 * taken within a few seconds is dropped, and a later call goes to the network as usual.
 */
const earlyReads = new Map<string, { answer: Promise<unknown>; startedAt: number; data?: unknown }>();
export const EARLY_READ_MS = 10_000;

const readKey = (code: ApiCode, fields: FormFields) => `${code}?${encodeForm(fields).toString()}`;

export type Read = FirstRead;
export type AnsweredRead = FirstAnswer;

/**
 * A read already answered (the first screen's, carried by the page: server/http/first-screen.ts):
 * taken by the first identical `fetchData` as a started one would be, and readable at once by
 * {@link answeredRead}, so the screen's first render already shows it.
 */
export function answerRead({ code, fields, data }: AnsweredRead, now = Date.now()): void {
  if (CODES[code].mutating) return;
  notePastWorker(code, encodeForm(fields));
  earlyReads.set(readKey(code, fields), { answer: Promise.resolve(data), startedAt: now, data });
}

/** The read started or answered under `key`, if it is still young enough to be taken. */
function freshEarlyRead(key: string, now: number) {
  const early = earlyReads.get(key);
  return early && now - early.startedAt <= EARLY_READ_MS ? early : undefined;
}

/** The `data` of an answered read not taken yet (see {@link answerRead}), without taking it. */
export function answeredRead<C extends ApiCode>(
  code: C,
  fields: FieldsOf<C>,
  now = Date.now(),
): AnswerOf<C> | undefined {
  if (earlyReads.size === 0) return undefined;
  // Kept under this code and these fields, so it is this code's answer.
  return freshEarlyRead(readKey(code, asForm(fields)), now)?.data as AnswerOf<C> | undefined;
}

/** Drops every read started or answered and not taken (the server's render, between visitors). */
export function forgetReads(): void {
  earlyReads.clear();
}

export function startRead(code: ApiCode, fields: FormFields = {}, now = Date.now()): void {
  if (CODES[code].mutating) return;
  // The page brought its answer: nothing to ask.
  if (earlyReads.size > 0 && freshEarlyRead(readKey(code, fields), now)?.data !== undefined) return;
  // A read the screen will ask for in these words (src/root/first-reads.ts): fields as it gives them.
  const answer = send(code, fields).then((envelope) => envelope.data);
  // Nobody may take it: a failure (already toasted by callApi) must not be an unhandled rejection.
  answer.catch(() => undefined);
  earlyReads.set(readKey(code, fields), { answer, startedAt: now });
}

function takeEarlyRead(code: ApiCode, fields: FormFields, now = Date.now()): Promise<unknown> | null {
  if (earlyReads.size === 0) return null;
  const key = readKey(code, fields);
  const early = freshEarlyRead(key, now);
  earlyReads.delete(key);
  return early?.answer ?? null;
}
