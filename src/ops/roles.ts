/**
 * Which of the console's tabs an operator's role opens, from the contract's own tables
 * (protocol/ops.ts CALL_ROLES, COMMAND_ROLES): the server refuses the rest anyway, the console
 * just does not offer them.
 */
import {
  type Approval,
  CALL_ROLES,
  callAllowed,
  commandAllowed,
  type OperatorInfo,
  type OperatorRole,
} from '../../protocol/ops.ts';

export const TABS = [
  'dashboard',
  'withdrawals',
  'users',
  'config',
  'approvals',
  'news',
  'audit',
  'operators',
] as const;
export type TabId = (typeof TABS)[number];

const OPENS: Record<TabId, (role: OperatorRole) => boolean> = {
  dashboard: (role) => callAllowed(role, 'dashboard'),
  withdrawals: (role) => callAllowed(role, 'withdrawals'),
  users: (role) => callAllowed(role, 'user'),
  config: (role) => callAllowed(role, 'command') && commandAllowed(role, 'config show'),
  approvals: (role) => callAllowed(role, 'approvals'),
  news: (role) => commandAllowed(role, 'news publish'),
  audit: (role) => callAllowed(role, 'audit'),
  operators: (role) => callAllowed(role, 'operators'),
};

export function tabsFor(role: OperatorRole): TabId[] {
  return TABS.filter((tab) => OPENS[tab](role));
}

export function isTab(value: string): value is TabId {
  return (TABS as readonly string[]).includes(value);
}

/** May `me` decide `approval`? The same role as running its command, and never one's own request. */
export function approvalDecision(
  me: OperatorInfo,
  approval: Approval,
): 'decide' | 'own-request' | 'other-role' | 'closed' {
  if (approval.status !== 'pending') return 'closed';
  if (approval.requestedBy.toLowerCase() === me.address.toLowerCase()) return 'own-request';
  return commandAllowed(me.role, approval.command) && callAllowed(me.role, 'approve')
    ? 'decide'
    : 'other-role';
}

/** The commands the role may run from the console, for the generic command form's hint. */
export function commandsFor(role: OperatorRole, all: readonly string[]): string[] {
  return all.filter((command) => commandAllowed(role, command));
}

/** Only admins change who the operators are (the list itself is also the auditor's to read). */
export const canManageOperators = (role: OperatorRole) =>
  (CALL_ROLES['operator-add'] as readonly OperatorRole[]).includes(role);
