/** The assertion most API tests start from: a success whose data has the fields expected. */
import { expect } from 'vitest';
import type { Envelope } from '../../protocol/envelope.ts';

/** `answer` is a success (else the test fails with the server's message) and its data has `fields`. */
export function expectSuccess<T>(answer: Envelope<T>, fields: Record<string, unknown>): void {
  expect(answer.respCode, answer.respMsg).toBe('00000');
  expect(answer.data).toMatchObject(fields);
}
