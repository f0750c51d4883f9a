import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { createDispatcher } from './dispatch.ts';
import { answerInProcess } from './first-read.ts';

type Dispatch = ReturnType<typeof createDispatcher>;

/** A navigation of a signed-in visitor with an Arabic cookie. */
const navigation = {
  wallet: '0xabc',
  cookies: { lang: 'ar' },
  params: {},
  body: undefined,
} as unknown as FastifyRequest;

describe('answerInProcess', () => {
  it("asks the dispatcher as a browser's form would, without the visitor's session", async () => {
    const dispatch = vi.fn<Dispatch>(async () => ({ respCode: '00000', respMsg: '', data: [1, 2] }));
    await expect(
      answerInProcess(dispatch, navigation, {
        code: '10083',
        fields: { page: 1, size: 10, lang: 'ar', x: null },
      }),
    ).resolves.toEqual([1, 2]);
    const [request] = dispatch.mock.calls[0] ?? [];
    expect(request?.params).toEqual({ file: '10083.do' });
    expect(request?.body).toEqual({ page: '1', size: '10', lang: 'ar' });
    expect(request?.wallet).toBeNull();
    expect(request?.cookies).toEqual({ lang: 'ar' });
    // The navigation itself is untouched.
    expect(navigation.wallet).toBe('0xabc');
  });

  it('reads an answer sent as ready JSON text, and rejects anything but a success', async () => {
    const text = vi.fn<Dispatch>(async () => '{"respCode":"00000","respMsg":"","data":{"coins":[]}}');
    await expect(answerInProcess(text, navigation, { code: '00000', fields: {} })).resolves.toEqual({
      coins: [],
    });
    const refused = vi.fn<Dispatch>(async () => ({ respCode: 'E1012', respMsg: 'Not open yet', data: null }));
    await expect(answerInProcess(refused, navigation, { code: '10068', fields: {} })).rejects.toThrow(
      '10068',
    );
  });
});
