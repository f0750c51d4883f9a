import { effect } from '@preact/signals-react';
import { expect, test } from 'vitest';
import type { GlobalConfig } from '../../../protocol/config.ts';
import { setGlobalConfig } from '../../app/store.ts';
import { demoMode } from './demo-mode.ts';

const config = (demo: boolean, percent: string) =>
  ({ coins: [], features: {}, demo, topYield: { percent } }) as unknown as GlobalConfig;

test('the demo flag tells its readers when it changes, not when another setting does', () => {
  setGlobalConfig(config(true, '10'));
  const seen: boolean[] = [];
  const stop = effect(() => {
    seen.push(demoMode.value);
  });
  setGlobalConfig(config(true, '11'));
  setGlobalConfig(config(false, '11'));
  stop();
  expect(seen).toEqual([true, false]);
});
