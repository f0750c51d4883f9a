/**
 * The operator console as a test drives it: operators added by the admin CLI's own command, a
 * Sign-In with Ethereum through /adc/ops/challenge and /adc/ops/login with a real key, and calls
 * with the operator's cookie.
 */
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Envelope } from '../../protocol/envelope.ts';
import type { OperatorRole } from '../../protocol/ops.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import type { Database } from '../../server/db/client.ts';
import { FORM_HEADERS } from './app.ts';
import { freshKey, HOST } from './login.ts';

export type OpsCaller = (call: string, fields?: Record<string, string>) => Promise<Envelope>;

export async function opsPost(
  app: FastifyInstance,
  call: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/adc/ops/${call}`,
    headers: { ...FORM_HEADERS, ...HOST, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
  return { response, envelope: response.json() as Envelope };
}

export async function addOperator(database: Database, address: string, role: OperatorRole) {
  const result = await runAdminCommand(
    { argv: ['operators', 'add', address, '--role', role, '--reason', 'test team'], actor: 'root' },
    { database, via: 'direct' },
  );
  if (!result.ok) throw new Error(result.text);
}

export interface SignedOperator {
  address: string;
  key: Hex;
  cookie: string;
  call: OpsCaller;
}

/** Signs `key` in to the console; the envelope of a refused sign-in is thrown as an error. */
export async function opsSignIn(app: FastifyInstance, key: Hex): Promise<SignedOperator> {
  const account = privateKeyToAccount(key);
  const challenge = await opsPost(app, 'challenge', { address: account.address, chainId: '1' });
  const { message } = challenge.envelope.data as { message: string };
  const signature = await account.signMessage({ message });
  const login = await opsPost(app, 'login', { message, signature });
  if (login.envelope.respCode !== '00000')
    throw new Error(`${login.envelope.respCode} ${login.envelope.respMsg}`);
  const cookie = login.response.cookies.find((c) => c.name === 'opsid');
  if (!cookie) throw new Error('no operator cookie');
  const header = `opsid=${cookie.value}`;
  return {
    address: account.address,
    key,
    cookie: header,
    call: async (call, fields = {}) => (await opsPost(app, call, fields, { cookie: header })).envelope,
  };
}

/** A new operator of `role`, signed in. */
export async function newOperator(app: FastifyInstance, database: Database, role: OperatorRole) {
  const key = freshKey();
  await addOperator(database, privateKeyToAccount(key).address, role);
  return opsSignIn(app, key);
}
