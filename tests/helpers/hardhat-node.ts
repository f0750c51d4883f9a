/**
 * The command line of a Hardhat node on `port`: local-chain.ts starts it for integration tests and
 * playwright.config.ts for e2e (this file loads neither viem nor solc, so the config stays light).
 */
export function hardhatNodeArgs(port: number): string[] {
  return [
    'node_modules/hardhat/dist/src/cli.js',
    '--config',
    'tests/chain/hardhat.config.ts',
    'node',
    '--hostname',
    '127.0.0.1',
    '--port',
    String(port),
  ];
}
