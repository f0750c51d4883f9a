/**
 * The global configuration: the operator's settings (JSON values by key), the chains and which
 * coin moves on which chain. Other modules read and keep their own settings here and read the
 * chain tables. (The coin list is the ledger's: server/ledger/coins.schema.ts.)
 */
export { addSettingIfAbsent, readSetting } from './config.repository.ts';
export { chains, coinChains } from './config.schema.ts';
