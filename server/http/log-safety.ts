/**
 * What may reach a log line. Logs never hold signatures, cookies, full wallet addresses or IPs:
 * requests are logged by method, path and status only, and any free text (error messages) is
 * passed through `maskSensitive` first.
 */
import type { FastifyRequest } from 'fastify';

const EVM_HEX = /0x[0-9a-fA-F]{40,}/g;
const TRON_ADDRESS = /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/g;

/** `0x1234…abcd` keeps enough to tell addresses apart in a log, not enough to identify anyone. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

export function maskSensitive(text: string): string {
  return text.replace(EVM_HEX, (m) => shortAddress(m)).replace(TRON_ADDRESS, (m) => shortAddress(m));
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, path: request.url.split('?')[0] };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
  err(error: Error) {
    // The stack names our code, not the caller; it is masked like the message all the same.
    return {
      type: error.name,
      message: maskSensitive(error.message),
      stack: maskSensitive(error.stack ?? ''),
    };
  },
};
