import { describe, expect, it } from 'vitest';
import type { Approval, OperatorInfo } from '../../protocol/ops.ts';
import { approvalDecision, canManageOperators, tabsFor } from './roles.ts';

const operator = (role: OperatorInfo['role'], address = '0x00000000000000000000000000000000000000aa') => ({
  address,
  role,
  idleExpiresAt: 0,
  expiresAt: 0,
});

const fund: Approval = {
  id: 1,
  command: 'fund',
  argv: ['fund', 'staking-pool', 'USDT', '100'],
  reason: 'top up',
  requestedBy: '0x00000000000000000000000000000000000000BB',
  requestedAt: 0,
  expiresAt: 0,
  status: 'pending',
  decidedBy: null,
  decidedAt: null,
  outcome: null,
};

describe('tabsFor', () => {
  it('opens only what the role may call', () => {
    expect(tabsFor('support')).toEqual(['dashboard', 'withdrawals', 'users', 'config', 'approvals', 'news']);
    expect(tabsFor('admin')).toContain('operators');
    expect(tabsFor('treasurer')).not.toContain('users');
    expect(tabsFor('auditor')).toContain('audit');
    expect(tabsFor('configurer')).not.toContain('withdrawals');
  });
});

describe('approvalDecision', () => {
  it('lets a second operator of the command role decide', () => {
    expect(approvalDecision(operator('treasurer'), fund)).toBe('decide');
  });
  it('never lets the requester, another role, or anyone on a closed request decide', () => {
    expect(approvalDecision(operator('treasurer', '0x00000000000000000000000000000000000000bb'), fund)).toBe(
      'own-request',
    );
    expect(approvalDecision(operator('support'), fund)).toBe('other-role');
    expect(approvalDecision(operator('treasurer'), { ...fund, status: 'approved' })).toBe('closed');
  });
  it('keeps operator changes for admins', () => {
    expect(canManageOperators('admin')).toBe(true);
    expect(canManageOperators('auditor')).toBe(false);
  });
});
