import { describe, expect, test } from 'vitest';
import { maskSensitive, shortAddress } from './log-safety.ts';

describe('log masking', () => {
  test('shortens EVM and TRON addresses, leaves other text alone', () => {
    const evm = '0x52908400098527886E0F7030069857D2E4169EE7';
    const tron = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    const masked = maskSensitive(`duplicate key (${evm}) for ${tron} in request 42`);
    expect(masked).toBe(
      `duplicate key (0x5290…9EE7) for TLa2f6…jU7 in request 42`.replace('TLa2f6…jU7', shortAddress(tron)),
    );
    expect(masked).not.toContain(evm);
    expect(masked).not.toContain(tron);
  });

  test('signatures (long hex) are shortened too', () => {
    const signature = `0x${'ab'.repeat(65)}`;
    expect(maskSensitive(signature)).toBe('0xabab…abab');
  });
});
