/**
 * The explorer link of a withdrawal's transaction: a URL template per chain (`{txid}` stands for
 * the hash), set with `admin config explorer`, over defaults for the demo chains.
 */
import type { DbOrTx } from '../../db/client.ts';
import { readSetting } from '../config/index.ts';

export const EXPLORER_SETTING = 'explorerTxUrls';
export const DEFAULT_EXPLORERS: Readonly<Record<string, string>> = {
  ERC20: 'https://etherscan.io/tx/{txid}',
  BEP20: 'https://bscscan.com/tx/{txid}',
  TRC20: 'https://tronscan.org/#/transaction/{txid}',
  BTC: 'https://mempool.space/tx/{txid}',
};

/** A template the operator may set: https, with `{txid}` in it. */
export function isExplorerTemplate(template: string): boolean {
  if (!template.includes('{txid}')) return false;
  try {
    return new URL(template.replace('{txid}', 'x')).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The explorer URL of `txid` on `chain`, or null without a txid or a template. */
export async function explorerUrl(db: DbOrTx, chain: string, txid: string | null): Promise<string | null> {
  if (!txid) return null;
  const stored = (await readSetting<Record<string, string | null>>(db, EXPLORER_SETTING)) ?? {};
  const template = chain in stored ? stored[chain] : DEFAULT_EXPLORERS[chain];
  return template ? template.replace('{txid}', encodeURIComponent(txid)) : null;
}
