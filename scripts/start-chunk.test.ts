import { describe, expect, it } from 'vitest';
import { isStartModule } from './start-chunk.ts';

const ROOT = '/work/app';

describe('the start chunk', () => {
  it('takes the libraries and shared modules of every first page', () => {
    for (const id of [
      `${ROOT}/node_modules/react-dom/cjs/react-dom-client.production.js`,
      `${ROOT}/node_modules/i18next/dist/esm/i18next.js`,
      `${ROOT}/src/lib/api.ts`,
      `${ROOT}/src/components/LoadState.tsx`,
      `${ROOT}/protocol/codes.ts`,
    ]) {
      expect(isStartModule(id), id).toBe(true);
    }
  });

  it('leaves out what loads on demand, even from a folder it takes', () => {
    for (const id of [
      `${ROOT}/src/components/QrCode.tsx`,
      `${ROOT}/node_modules/uqr/dist/index.mjs`,
      `${ROOT}/node_modules/uplot/dist/uPlot.esm.js`,
      `${ROOT}/node_modules/@web3-onboard/core/dist/index.js`,
      `${ROOT}/src/features/markets/chart-engine.ts`,
    ]) {
      expect(isStartModule(id), id).toBe(false);
    }
  });
});
