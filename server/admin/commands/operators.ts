/**
 * Operators of the web console and their requests (docs/operations.md): `operators add` is how the
 * first operator comes to exist; `approvals list` shows what waits for a second operator.
 */
import { isAddress } from 'viem';
import { OPERATOR_ROLES, type OperatorRole } from '../../../protocol/ops.ts';
import { listApprovals } from '../approvals.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';
import { addOperator, listOperators, removeOperator } from '../operators.ts';
import { valueOptions } from '../options.ts';
import { listOutput } from '../text.ts';

function addressArg(raw: string | undefined): string {
  if (!raw || !isAddress(raw, { strict: false })) throw new AdminUsageError('name the operator’s 0x address');
  return raw.toLowerCase();
}

export const operatorsAddCommand: AdminCommand<true> = {
  name: 'operators add',
  summary: 'Let a wallet sign in to the console (/ops) with one role',
  usage: `operators add <0xADDRESS> --role ${OPERATOR_ROLES.join('|')} --reason "…"`,
  mutating: true,
  options: valueOptions('role'),
  async run(ctx, { positionals, values }) {
    const address = addressArg(positionals[0]);
    const role = values.role as OperatorRole;
    if (!OPERATOR_ROLES.includes(role))
      throw new AdminUsageError(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
    await addOperator(ctx.db, { address, role, addedBy: ctx.actor });
    return { text: `${address} is now an operator (${role})`, json: { address, role } };
  },
};

export const operatorsRemoveCommand: AdminCommand<true> = {
  name: 'operators remove',
  summary: 'Take a wallet’s console access away and end its sessions',
  usage: 'operators remove <0xADDRESS> --reason "…"',
  mutating: true,
  options: {},
  async run(ctx, { positionals }) {
    const address = addressArg(positionals[0]);
    if (!(await removeOperator(ctx.db, address))) throw new AdminUsageError(`${address} is not an operator`);
    return { text: `${address} is no longer an operator`, json: { address } };
  },
};

export const operatorsListCommand: AdminCommand = {
  name: 'operators list',
  summary: 'The console’s operators and their roles',
  usage: 'operators list',
  mutating: false,
  options: {},
  async run(ctx) {
    return listOutput(
      await listOperators(ctx.db),
      'no operators: the console cannot be opened (admin operators add)',
      (o) =>
        `${o.address} ${o.role.padEnd(10)} ${o.removedAt ? 'removed' : 'active'} (added by ${o.addedBy})`,
    );
  },
};

export const approvalsListCommand: AdminCommand = {
  name: 'approvals list',
  summary: 'Requests that wait for (or had) a second operator’s approval',
  usage: 'approvals list [--status pending|approved|refused|expired|failed]',
  mutating: false,
  options: valueOptions('status'),
  async run(ctx, { values }) {
    const status = values.status as 'pending' | undefined;
    if (status !== undefined && !['pending', 'approved', 'refused', 'expired', 'failed'].includes(status))
      throw new AdminUsageError('unknown status');
    return listOutput(
      await listApprovals(ctx.db, status, new Date()),
      'no requests',
      (a) => `#${a.id} ${a.status.padEnd(8)} ${a.argv.join(' ')} (asked by ${a.requestedBy}: ${a.reason})`,
    );
  },
};
