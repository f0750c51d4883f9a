/**
 * The role matrix (docs/operations.md): every role against every console call and every command
 * the console runs. A refused pair answers ops_role_forbidden and changes nothing; an allowed
 * pair is never refused for the role (it may still be refused for its fields). Without an
 * operator session nothing answers but the sign-in.
 */
import { count } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import {
  CALL_ROLES,
  COMMAND_ROLES,
  callAllowed,
  commandAllowed,
  OPERATOR_ROLES,
  type OperatorRole,
  type SessionCall,
} from '../../protocol/ops.ts';
import { approvals } from '../../server/admin/operators.schema.ts';
import { ADMIN_COMMANDS } from '../../server/admin/registry.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { newOperator, opsPost, type SignedOperator } from '../helpers/ops-console.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

const target = DATABASE_TARGETS[0];
if (!target) throw new Error('no database');

const FORBIDDEN = ERRORS.ops_role_forbidden.code;
/** Calls other than logout (which would end the session the matrix goes on with). */
const CALLS = (Object.keys(CALL_ROLES) as SessionCall[]).filter((c) => c !== 'logout' && c !== 'command');

describe('the role matrix', () => {
  const env = useSeededApp(target);
  const team = new Map<OperatorRole, SignedOperator>();
  const signedIn = async (role: OperatorRole) => {
    let op = team.get(role);
    if (!op) {
      op = await newOperator(env.app, env.database, role);
      team.set(role, op);
    }
    return op;
  };

  test('every command the console offers is a command of the CLI', () => {
    const names = new Set(ADMIN_COMMANDS.map((c) => c.name));
    for (const name of Object.keys(COMMAND_ROLES)) expect(names, name).toContain(name);
  });

  test('without an operator session, every call but the sign-in answers session_ended', async () => {
    for (const call of Object.keys(CALL_ROLES)) {
      const { envelope } = await opsPost(env.app, call, {});
      expect(envelope.respCode, call).toBe(ERRORS.session_ended.code);
    }
    expect((await opsPost(env.app, 'nothing', {})).envelope.respCode).toBe(ERRORS.unknown_code.code);
  });

  test.each(OPERATOR_ROLES)('%s: each call is allowed or refused as CALL_ROLES says', async (role) => {
    const op = await signedIn(role);
    for (const call of CALLS) {
      const answer = await op.call(call, { id: '1', query: '0x0000000000000000000000000000000000000001' });
      if (callAllowed(role, call)) expect(answer.respCode, `${role} ${call}`).not.toBe(FORBIDDEN);
      else expect(answer.respCode, `${role} ${call}`).toBe(FORBIDDEN);
    }
  });

  test.each(OPERATOR_ROLES)('%s: each command is allowed or refused as COMMAND_ROLES says', async (role) => {
    const op = await signedIn(role);
    const { db } = env.database;
    const requestsBefore = (await db.select({ n: count() }).from(approvals))[0]?.n;
    for (const command of ADMIN_COMMANDS) {
      // The command's words alone: an allowed one then fails on its arguments (a usage error), a
      // refused one never gets that far. Preview runs mutating ones in a rolled-back transaction.
      const argv = JSON.stringify(command.name.split(' '));
      const answer = await op.call('command', { argv, reason: 'role matrix' });
      if (commandAllowed(role, command.name))
        expect(answer.respCode, `${role} ${command.name}`).toBe('00000');
      else expect(answer.respCode, `${role} ${command.name}`).toBe(FORBIDDEN);
      if (command.mutating) {
        const preview = await op.call('preview', { argv });
        if (commandAllowed(role, command.name)) expect(preview.respCode).toBe('00000');
        else expect(preview.respCode, `${role} preview ${command.name}`).toBe(FORBIDDEN);
      }
    }
    // Commands without their arguments are refused before any request is stored.
    expect((await db.select({ n: count() }).from(approvals))[0]?.n).toBe(requestsBefore);
  });

  test('the CLI-only words cannot be smuggled into a console command', async () => {
    const op = await signedIn('treasurer');
    for (const extra of ['--actor', '--first-setup', '--reason', '--json', '--reason=x']) {
      const argv = JSON.stringify(['fund', 'staking-pool', 'USDT', '1', extra, 'someone']);
      const answer = await op.call('command', { argv, reason: 'smuggling' });
      expect(answer.respCode, extra).toBe(ERRORS.field_invalid.code);
    }
  });

  test('ids reach other users only as far as the role allows', async () => {
    // A configurer sets terms; a withdrawal or a user's records are not its business.
    const configurer = await signedIn('configurer');
    for (const id of ['1', '2', '3']) {
      expect((await configurer.call('withdrawal', { id })).respCode).toBe(FORBIDDEN);
    }
    expect((await configurer.call('user', { query: 'ABCDEF' })).respCode).toBe(FORBIDDEN);
    // Support reads users, but an unknown id is a plain not-found, the same for any id.
    const support = await signedIn('support');
    expect((await support.call('withdrawal', { id: '999999' })).respCode).toBe(ERRORS.not_found.code);
    expect(
      (await support.call('user', { query: '0x00000000000000000000000000000000000000ff' })).respCode,
    ).toBe(ERRORS.ops_user_not_found.code);
  });
});
