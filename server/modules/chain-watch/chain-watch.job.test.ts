import { expect, test } from 'vitest';
import { chainRpcUrls } from './chain-watch.job.ts';

test('a watcher runs for each chain whose RPC URL the environment names, and only http(s)', () => {
  expect(
    chainRpcUrls({
      CHAIN_RPC_ERC20: 'https://rpc.example.com/key',
      CHAIN_RPC_BEP20: 'http://127.0.0.1:8545',
      CHAIN_RPC_: 'http://nowhere',
      CHAIN_RPC_lower: 'http://nowhere',
      CHAIN_RPC_TRC20: '',
      OTHER: 'x',
    }),
  ).toEqual(
    new Map([
      ['ERC20', 'https://rpc.example.com/key'],
      ['BEP20', 'http://127.0.0.1:8545'],
    ]),
  );
  expect(() => chainRpcUrls({ CHAIN_RPC_ERC20: 'ws://127.0.0.1:8546' })).toThrow(/http/);
  expect(() => chainRpcUrls({ CHAIN_RPC_ERC20: 'not a url' })).toThrow();
});
