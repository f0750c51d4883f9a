/**
 * A real EVM node for tests: Hardhat's node (EDR, from the npm registry) on a free loopback port,
 * with its published test accounts funded; a plain ERC-20 compiled from tests/chain/TestToken.sol
 * with the solc npm package (its bundled compiler, nothing downloaded) and deployed as USDT.
 * `mine`, `snapshot` and `revert` drive blocks and reorgs. Nothing reaches a public RPC.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import solc from 'solc';
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  parseUnits,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { freePort } from './free-port.ts';
import { hardhatNodeArgs } from './hardhat-node.ts';

/** Hardhat's default account #0 (public test key: never holds value anywhere real). */
const HARDHAT_ACCOUNT_0_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** What a test's funder gets from account #0: enough for every transfer a test file makes. */
const FUNDER_ETH = '1000';
export const LOCAL_CHAIN_ID = 31337;

let compiled: { abi: Abi; bytecode: Hex } | undefined;

/** TestToken compiled once per test file with the solc npm package. */
export function compileToken(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const source = readFileSync(new URL('../chain/TestToken.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const token = output.contracts['TestToken.sol']?.TestToken;
  if (!token) throw new Error('TestToken not compiled');
  compiled = { abi: token.abi, bytecode: `0x${token.evm.bytecode.object}` };
  return compiled;
}

/**
 * The operator's commands that make `chain` the local node (its chain id, optionally a
 * confirmation depth) with the deployed USDT at `usdt` (6 decimals) and native ETH on it.
 */
export function localChainConfig(chain: string, usdt: Hex, confirmations?: number): string[][] {
  return [
    [
      ...['config', 'chain', chain, '--name', 'Local', '--family', 'evm'],
      ...['--evm-chain-id', String(LOCAL_CHAIN_ID)],
      ...(confirmations === undefined ? [] : ['--confirmations', String(confirmations)]),
    ],
    ['config', 'token', 'USDT', chain, '--contract', usdt, '--decimals', '6'],
    ['config', 'token', 'ETH', chain, '--native'],
  ];
}

export interface LocalChain {
  url: string;
  client: PublicClient;
  /** Deploys TestToken with `decimals`, the funder holding `supply` whole tokens; returns its address. */
  deployToken(symbol: string, decimals: number, supply: string): Promise<Hex>;
  /** Sends `amount` whole tokens from the funder to `to`; resolves once mined. */
  sendToken(token: Hex, to: string, amount: string, decimals: number): Promise<Hex>;
  /** Sends `amount` ETH from the funder to `to`; resolves once mined. */
  sendEth(to: string, amount: string): Promise<Hex>;
  mine(blocks: number): Promise<void>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalChain(): Promise<LocalChain> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, hardhatNodeArgs(port), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const chain = await connectLocalChain(url, {
    alive: () => (child.exitCode === null ? null : `hardhat node exited: ${output}`),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}: ${output}`);
  });
  return chain;
}

/**
 * A node already running at `url` (the e2e run's, started by playwright.config.ts). Waits up to a
 * minute for it to answer; `stop` is the owner's, a no-op for a node someone else started.
 */
export async function connectLocalChain(
  url: string,
  owner: { alive(): string | null; stop(): Promise<void> } = {
    alive: () => null,
    stop: async () => {},
  },
): Promise<LocalChain> {
  const chain = defineChain({
    id: LOCAL_CHAIN_ID,
    name: 'Local test chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const client = createPublicClient({ chain, transport: http(url), cacheTime: 0 }) as PublicClient;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const gone = owner.alive();
    if (gone) throw new Error(gone);
    try {
      await client.getBlockNumber();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`the node at ${url} did not answer`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const mined = async (hash: Hex) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} failed`);
    return hash;
  };
  // The funder is a key of its own, paid from account #0, never account #0 itself: the demo
  // deposit addresses come from the same published mnemonic (server/modules/deposit/demo-keys.ts),
  // so account #0 is the deposit address of index 0, and the tokens minted to it would be credited
  // as a deposit to whichever user of the run asked for an address first.
  const funder = privateKeyToAccount(generatePrivateKey());
  const bank = createWalletClient({
    account: privateKeyToAccount(HARDHAT_ACCOUNT_0_KEY),
    chain,
    transport: http(url),
  });
  await mined(await bank.sendTransaction({ to: funder.address, value: parseUnits(FUNDER_ETH, 18) }));
  const wallet = createWalletClient({ account: funder, chain, transport: http(url) });
  return {
    url,
    client,
    async deployToken(symbol, decimals, supply) {
      const { abi, bytecode } = compileToken();
      const hash = await wallet.deployContract({
        abi,
        bytecode,
        args: [symbol, symbol, decimals, parseUnits(supply, decimals)],
      });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (!receipt.contractAddress) throw new Error('token not deployed');
      return receipt.contractAddress;
    },
    async sendToken(token, to, amount, decimals) {
      const { abi } = compileToken();
      return mined(
        await wallet.writeContract({
          address: token,
          abi,
          functionName: 'transfer',
          args: [to, parseUnits(amount, decimals)],
        }),
      );
    },
    async sendEth(to, amount) {
      return mined(await wallet.sendTransaction({ to: to as Hex, value: parseUnits(amount, 18) }));
    },
    async mine(blocks) {
      await rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
    },
    async snapshot() {
      return (await rpc('evm_snapshot')) as Hex;
    },
    async revert(id) {
      if ((await rpc('evm_revert', [id])) !== true) throw new Error(`revert to ${id} failed`);
    },
    stop: () => owner.stop(),
  };
}
