import type { AdminCommand } from './command.ts';
import { configTokenCommand } from './commands/chain-watch.ts';
import {
  configChainCommand,
  configCoinCommand,
  configContactCommand,
  configContractCommand,
  configFeatureCommand,
  configShowCommand,
} from './commands/config.ts';
import { configXpubCommand, depositCommand } from './commands/deposit.ts';
import { configPairCommand, exchangePairsCommand } from './commands/exchange.ts';
import { configFeedCommand, marketsStatusCommand } from './commands/feeds.ts';
import { configWithdrawAutoCommand, hotwalletStatusCommand } from './commands/hotwallet.ts';
import { idoAdvanceCommand, idoCreateCommand, idoListCommand } from './commands/ido.ts';
import { configInstrumentCommand, marketsPinCommand, marketsUnpinCommand } from './commands/markets.ts';
import {
  configMachineCommand,
  configMiningYieldCommand,
  miningMachinesCommand,
  miningOutputCommand,
  miningSettleCommand,
} from './commands/mining.ts';
import { adjustCommand, auditCommand, defundCommand, fundCommand } from './commands/money.ts';
import { newsListCommand, newsPublishCommand } from './commands/news.ts';
import { configOperatorPushCommand } from './commands/operator-push.ts';
import {
  approvalsListCommand,
  operatorsAddCommand,
  operatorsListCommand,
  operatorsRemoveCommand,
} from './commands/operators.ts';
import { configReferralCommand } from './commands/referral.ts';
import { solvencyListCommand, solvencyReserveCommand, solvencySnapshotCommand } from './commands/solvency.ts';
import { configStakingPlanCommand, stakingMatureCommand, stakingPlansCommand } from './commands/staking.ts';
import { statusCommand } from './commands/status.ts';
import { configTradingCommand } from './commands/trading.ts';
import {
  translationListCommand,
  translationRemoveCommand,
  translationSetCommand,
} from './commands/translations.ts';
import {
  configWithdrawCommand,
  withdrawalStepCommands,
  withdrawalsListCommand,
} from './commands/withdraw.ts';
import { withdrawSafetyCommands } from './commands/withdraw-safety.ts';

export const ADMIN_COMMANDS: readonly AdminCommand[] = [
  statusCommand,
  configShowCommand,
  configChainCommand,
  configCoinCommand,
  configFeatureCommand,
  configContactCommand,
  configContractCommand,
  configXpubCommand,
  depositCommand,
  fundCommand,
  defundCommand,
  adjustCommand,
  auditCommand,
  configWithdrawCommand,
  configWithdrawAutoCommand,
  hotwalletStatusCommand,
  configOperatorPushCommand,
  withdrawalsListCommand,
  ...withdrawalStepCommands,
  ...withdrawSafetyCommands,
  configInstrumentCommand,
  configFeedCommand,
  marketsStatusCommand,
  configStakingPlanCommand,
  stakingPlansCommand,
  stakingMatureCommand,
  newsPublishCommand,
  newsListCommand,
  configPairCommand,
  exchangePairsCommand,
  configMachineCommand,
  configMiningYieldCommand,
  miningMachinesCommand,
  miningOutputCommand,
  miningSettleCommand,
  idoCreateCommand,
  idoListCommand,
  idoAdvanceCommand,
  translationSetCommand,
  translationRemoveCommand,
  translationListCommand,
  configTradingCommand,
  configReferralCommand,
  configTokenCommand,
  marketsPinCommand,
  marketsUnpinCommand,
  solvencySnapshotCommand,
  solvencyReserveCommand,
  solvencyListCommand,
  operatorsAddCommand,
  operatorsRemoveCommand,
  operatorsListCommand,
  approvalsListCommand,
];
