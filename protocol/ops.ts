/**
 * The operator's console (docs/operations.md): its calls, who may make them, and what they answer.
 * Every call is `POST /adc/ops/<call>` with a form body and the XMLHttpRequest header, answered in
 * the product's envelope (./envelope.ts), on an operator session cookie of its own (`opsid`, path
 * `/adc/ops`) that user calls never read, as the user's `sid` is never read here.
 *
 * The console runs the admin CLI's own commands (server/admin/registry.ts) for anything that
 * changes data: one service layer, one audit table. Which role may run which command is
 * COMMAND_ROLES below; commands that move or promise money wait for a second operator
 * (TWO_PERSON_COMMANDS).
 */
import * as v from 'valibot';
import { evmAddress } from './account.ts';
import type { Dashboard } from './ops-dashboard.ts';

export const OPERATOR_ROLES = ['support', 'reviewer', 'treasurer', 'configurer', 'auditor', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** An operator session ends after this long without a call… */
export const OPS_IDLE_MS = 15 * 60 * 1000;
/** …and this long after sign-in whatever happens. */
export const OPS_MAX_MS = 8 * 3600 * 1000;
/** A two-person request waits this long for its second operator, then expires. */
export const APPROVAL_TTL_MS = 24 * 3600 * 1000;
/** The statement of an operator's sign-in message: a user's login text ("DAPP") never opens the console. */
export const OPS_SIWE_STATEMENT = 'Meridian operator console';

/** Commands that move or promise money: a second, different operator approves before they run. */
export const TWO_PERSON_COMMANDS: readonly string[] = [
  'fund',
  'defund',
  'adjust',
  'config staking-plan',
  'config pair',
  'config instrument',
  'config machine',
  'config mining-yield',
  'config referral',
  'config trading',
  'config withdraw',
  'config withdraw-auto',
  'config withdraw-limit',
  'config address-delay',
  'ido create',
];

const READ_ALL: readonly OperatorRole[] = [
  'support',
  'reviewer',
  'treasurer',
  'configurer',
  'auditor',
  'admin',
];

/**
 * Which roles may run each admin command from the console. A command missing here is the CLI's
 * alone (keys, chains, contracts, first set-up). Approving a request needs the same role as
 * running its command.
 */
export const COMMAND_ROLES: Readonly<Record<string, readonly OperatorRole[]>> = {
  // Reading.
  status: READ_ALL,
  'config show': READ_ALL,
  'withdrawals list': READ_ALL,
  'staking plans': READ_ALL,
  'exchange pairs': READ_ALL,
  'mining machines': READ_ALL,
  'ido list': READ_ALL,
  'news list': READ_ALL,
  'solvency list': READ_ALL,
  'markets status': READ_ALL,
  'hotwallet status': READ_ALL,
  audit: ['auditor', 'treasurer', 'admin'],
  // Withdrawals.
  'withdrawals review': ['reviewer'],
  'withdrawals reject': ['reviewer'],
  'withdrawals process': ['reviewer'],
  'withdrawals complete': ['reviewer'],
  'withdrawals fail': ['reviewer'],
  'withdrawals returned': ['reviewer'],
  // Money.
  fund: ['treasurer'],
  defund: ['treasurer'],
  adjust: ['treasurer'],
  'solvency snapshot': ['treasurer', 'auditor'],
  'solvency reserve': ['treasurer'],
  // Money terms and settings.
  'config staking-plan': ['configurer'],
  'config pair': ['configurer'],
  'config instrument': ['configurer'],
  'config machine': ['configurer'],
  'config mining-yield': ['configurer'],
  'config referral': ['configurer'],
  'config trading': ['configurer'],
  'config withdraw': ['configurer'],
  'config withdraw-auto': ['configurer'],
  'config withdraw-limit': ['configurer'],
  'config address-delay': ['configurer'],
  'config explorer': ['configurer'],
  'config feature': ['configurer'],
  'config contact': ['configurer'],
  'config feed': ['configurer'],
  'ido create': ['configurer'],
  'ido advance': ['configurer'],
  'markets pin': ['configurer'],
  'markets unpin': ['configurer'],
  'translation set': ['configurer'],
  'translation remove': ['configurer'],
  // Announcements.
  'news publish': ['configurer', 'support'],
};

/** Which roles may make each console call (besides the command call, which COMMAND_ROLES decides). */
export const CALL_ROLES = {
  me: READ_ALL,
  logout: READ_ALL,
  dashboard: READ_ALL,
  withdrawals: ['support', 'reviewer', 'treasurer', 'auditor', 'admin'],
  withdrawal: ['support', 'reviewer', 'treasurer', 'auditor', 'admin'],
  user: ['support', 'reviewer', 'auditor', 'admin'],
  approvals: READ_ALL,
  approve: READ_ALL,
  refuse: READ_ALL,
  preview: READ_ALL,
  command: READ_ALL,
  audit: ['auditor', 'admin'],
  'audit-csv': ['auditor', 'admin'],
  operators: ['admin', 'auditor'],
  'operator-add': ['admin'],
  'operator-remove': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type SessionCall = keyof typeof CALL_ROLES;
export type OpsCall = SessionCall | 'challenge' | 'login';

export function commandAllowed(role: OperatorRole, command: string): boolean {
  return COMMAND_ROLES[command]?.includes(role) ?? false;
}

export function callAllowed(role: OperatorRole, call: SessionCall): boolean {
  return (CALL_ROLES[call] as readonly OperatorRole[]).includes(role);
}

// Requests --------------------------------------------------------------------------------------

export const opsChallengeRequest = v.object({
  address: evmAddress,
  chainId: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/), v.transform(Number), v.maxValue(2 ** 31 - 1)),
});
export const opsLoginRequest = v.object({
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(1500)),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{130}$/)),
});
const positiveId = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number));
export const reasonField = v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(500));
/** A command as the CLI takes it, one JSON array of words: `["fund","staking-pool","USDT","100"]`. */
export const ARGV_MAX_LENGTH = 12_000;
export const argvField = v.pipe(
  v.string(),
  v.maxLength(ARGV_MAX_LENGTH),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      const words: unknown = JSON.parse(dataset.value);
      if (
        Array.isArray(words) &&
        words.length > 0 &&
        words.length <= 40 &&
        words.every((w) => typeof w === 'string' && w.length <= 4000)
      ) {
        return words as string[];
      }
    } catch {
      // fall through
    }
    addIssue({ message: 'argv' });
    return NEVER;
  }),
);
export const commandRequest = v.object({ argv: argvField, reason: v.optional(reasonField) });
export const previewRequest = v.object({ argv: argvField });
export const idRequest = v.object({ id: positiveId });
export const decideRequest = v.object({ id: positiveId, reason: v.optional(reasonField) });
export const withdrawalsRequest = v.object({
  status: v.optional(v.pipe(v.string(), v.maxLength(30))),
  coin: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,12}$/))),
  user: v.optional(evmAddress),
});
export const userRequest = v.object({ query: v.pipe(v.string(), v.trim(), v.minLength(4), v.maxLength(64)) });
export const approvalsRequest = v.object({
  status: v.optional(v.picklist(['pending', 'approved', 'refused', 'expired', 'failed'])),
});
const timeField = v.pipe(v.string(), v.regex(/^[0-9]{1,15}$/), v.transform(Number));
export const auditRequest = v.object({
  operator: v.optional(v.pipe(v.string(), v.maxLength(80))),
  action: v.optional(v.pipe(v.string(), v.maxLength(80))),
  user: v.optional(evmAddress),
  from: v.optional(timeField),
  to: v.optional(timeField),
  /** Keyset paging: rows with a smaller id than this. */
  before: v.optional(positiveId),
});
export const operatorAddRequest = v.object({
  address: evmAddress,
  role: v.picklist(OPERATOR_ROLES),
  reason: reasonField,
});
export const operatorRemoveRequest = v.object({ address: evmAddress, reason: reasonField });

// Answers ---------------------------------------------------------------------------------------

export interface OperatorInfo {
  /** EIP-55. */
  address: string;
  role: OperatorRole;
  /** Unix ms: when the session ends if nothing is done before. */
  idleExpiresAt: number;
  /** Unix ms: when the session ends in any case. */
  expiresAt: number;
}

export interface OpsChallenge {
  message: string;
  nonce: string;
  expiresAt: number;
}

export interface OpsWithdrawal {
  id: number;
  user: string;
  coin: string;
  chain: string;
  amount: string;
  fee: string;
  address: string;
  status: string;
  createdAt: number;
  approvedBy: string[];
  txid: string | null;
}

export interface OpsRecord {
  at: number;
  type: string;
  coin: string;
  amount: string;
  memo: string | null;
}

export interface OpsWithdrawalDetail {
  withdrawal: OpsWithdrawal;
  /** The user's latest journal movements, newest first. */
  history: OpsRecord[];
}

export interface OpsUser {
  address: string;
  inviteCode: string;
  inviter: string | null;
  createdAt: number;
  balances: { coin: string; available: string; frozen: string }[];
  records: OpsRecord[];
  orders: { id: number; instrument: string; side: string; status: string; lots: string; openedAt: number }[];
  invitees: { address: string; createdAt: number }[];
  sessions: { createdAt: number; expiresAt: number; revoked: boolean }[];
}

export type ApprovalStatus = 'pending' | 'approved' | 'refused' | 'expired' | 'failed';

export interface Approval {
  id: number;
  command: string;
  argv: string[];
  reason: string;
  requestedBy: string;
  requestedAt: number;
  expiresAt: number;
  status: ApprovalStatus;
  decidedBy: string | null;
  decidedAt: number | null;
  /** What the command printed when it ran, or why it was refused. */
  outcome: string | null;
}

/** A command's answer: done now, or waiting for a second operator. */
export type CommandAnswer =
  | { status: 'done'; ok: boolean; text: string; json: unknown }
  | { status: 'pending'; approval: Approval };

export interface PreviewChange {
  /** Where in the settings: `staking plans / 3 / apr`. */
  path: string;
  before: unknown;
  after: unknown;
}

export interface PreviewAnswer {
  ok: boolean;
  text: string;
  changes: PreviewChange[];
}

export interface AuditRow {
  id: number;
  at: number;
  actor: string;
  command: string;
  args: string[];
  reason: string | null;
  outcome: 'ok' | 'error';
  detail: string | null;
}

export interface OperatorRow {
  address: string;
  role: OperatorRole;
  addedBy: string;
  addedAt: number;
  removedAt: number | null;
}

/** The audit log's page: a shorter answer is its last page. */
export const AUDIT_PAGE_SIZE = 100;

/** What each console call answers as the envelope's `data`: both sides are typed from it. */
export interface OpsAnswers {
  challenge: OpsChallenge;
  login: OperatorInfo;
  me: OperatorInfo;
  logout: null;
  dashboard: Dashboard;
  withdrawals: OpsWithdrawal[];
  withdrawal: OpsWithdrawalDetail;
  user: OpsUser;
  approvals: Approval[];
  approve: Approval;
  refuse: Approval;
  preview: PreviewAnswer;
  command: CommandAnswer;
  audit: AuditRow[];
  'audit-csv': { csv: string; rows: number };
  operators: OperatorRow[];
  'operator-add': { ok: boolean; text: string };
  'operator-remove': { ok: boolean; text: string };
}
