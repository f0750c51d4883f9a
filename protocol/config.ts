/** 00000: the global configuration the client starts from. */
import type { Feature } from './codes.ts';

export type ChainFamily = 'evm' | 'tron' | 'bitcoin';

export interface ChainConfig {
  /** Stable id, e.g. `TRC20`, `ERC20`, `BEP20`, `BTC`. */
  id: string;
  name: string;
  family: ChainFamily;
  /** EIP-155 chain id for EVM chains, otherwise null. */
  evmChainId: number | null;
}

export interface CoinConfig {
  symbol: string;
  name: string;
  /** Digits after the decimal point the platform keeps for this coin. */
  precision: number;
  /** Chain ids this coin moves on, in display order. */
  chains: string[];
}

export interface ContactChannel {
  channel: string;
  value: string;
}

export type TopYield =
  | { percent: string; source: 'staking' }
  | { percent: string; source: 'mining'; machineId: number; name: string };

export interface GlobalConfig {
  /** The operator's business contract address (EIP-55), or empty when none is configured. */
  serviceContract: string;
  coins: CoinConfig[];
  chains: ChainConfig[];
  /** A feature is on only when the operator switched it on and the server implements it. */
  features: Record<Feature, boolean>;
  contact: ContactChannel[];
  /**
   * The highest APR in percent (e.g. "18") of the staking plans that can still be staked, computed
   * from the configured plans; null while staking is closed or every plan is sold out.
   */
  maxApr: string | null;
  /**
   * "Annualized up to X%" (docs/spec/design.md section 1): the best of the staking plans' APR and the mining
   * machines' net cycle return as a yearly rate, both computed from what can be bought now, with
   * where it comes from so the label links there; null when neither offers a positive rate.
   */
  topYield: TopYield | null;
  /** What inviters earn of their invitees' fees, in percent; null while referral is closed. */
  referral: { direct: string; indirect: string } | null;
  /**
   * VAPID public key (base64url) push subscriptions are made with; null only before the server's
   * first start generated one (docs/push.md).
   */
  vapidPublicKey: string | null;
  /** Demo mode: the faucet is on and the screens label demo money. Never on in production. */
  demo: boolean;
  /** Server time in Unix milliseconds, so the client can tell its clock's offset. */
  serverTime: number;
}

export const FEATURE_SETTING_KEY = 'features';
export const CONTACT_SETTING_KEY = 'contact';
export const SERVICE_CONTRACT_SETTING_KEY = 'serviceContract';
