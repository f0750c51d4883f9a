import { describe, expect, test } from 'vitest';
import { isRetryable, retryOnConflict } from './retry.ts';

describe('retryOnConflict', () => {
  test('recognises deadlocks and serialization failures, also wrapped by the ORM', () => {
    expect(isRetryable({ code: '40P01' })).toBe(true);
    expect(isRetryable(Object.assign(new Error('Failed query'), { cause: { code: '40001' } }))).toBe(true);
    expect(isRetryable({ code: '23505' })).toBe(false);
    expect(isRetryable(new Error('plain'))).toBe(false);
  });

  test('runs the work again after a deadlock, and gives up after a few tries', async () => {
    let calls = 0;
    const result = await retryOnConflict(async () => {
      calls += 1;
      if (calls < 3) throw { code: '40P01' };
      return 'done';
    });
    expect([result, calls]).toEqual(['done', 3]);
    let always = 0;
    await expect(
      retryOnConflict(async () => {
        always += 1;
        throw { code: '40P01' };
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(always).toBe(4);
  });

  test('other errors are not retried', async () => {
    let calls = 0;
    await expect(
      retryOnConflict(async () => {
        calls += 1;
        throw new Error('insufficient');
      }),
    ).rejects.toThrow('insufficient');
    expect(calls).toBe(1);
  });
});
