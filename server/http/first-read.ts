/**
 * A first screen's read answered inside the server (server/http/first-screen.ts): through the same
 * dispatcher as `POST /adc/html/eto/{code}.do`, so with the same checks (open feature, fields) and
 * the same data a browser without a session would get, in the navigation's language, without a
 * request over the network or a place in anyone's rate limit.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isEnvelope, isSuccess } from '../../protocol/envelope.ts';
import type { FirstRead } from '../../protocol/first-screen.ts';
import type { createDispatcher } from './dispatch.ts';

type Dispatch = ReturnType<typeof createDispatcher>;
type CodeRequest = FastifyRequest<{ Params: { file: string } }>;

/**
 * All the dispatcher does to a read's reply is set headers; the page's own reply must keep its
 * own, so the read gets this instead (a reply stand-in: only the two methods a read's answer uses).
 */
const HEADERS_IGNORED = {
  header() {
    return this;
  },
  type() {
    return this;
  },
} as unknown as FastifyReply;

/** The `data` of `read`'s answer; a failure or anything but a success rejects. */
export async function answerInProcess(
  dispatch: Dispatch,
  navigation: FastifyRequest,
  { code, fields }: FirstRead,
): Promise<unknown> {
  // Form fields are strings, as a browser's encodeForm sends them (src/lib/api.ts).
  const body = Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) =>
      value === undefined || value === null ? [] : [[name, String(value)]],
    ),
  );
  // The navigation's request (its cookies and language) with the read's code and form, and no
  // session: the page is kept and sent to other visitors too, so it holds only what anyone may read.
  const request = Object.assign(Object.create(navigation) as CodeRequest, {
    params: { file: `${code}.do` },
    body,
    wallet: null,
  });
  const answer = await dispatch(request, HEADERS_IGNORED);
  const envelope: unknown = typeof answer === 'string' ? JSON.parse(answer) : answer;
  if (!isEnvelope(envelope) || !isSuccess(envelope.respCode)) throw new Error(`${code} gave no answer`);
  return envelope.data;
}
