/**
 * Operator sign-in (docs/operations.md): Sign-In with Ethereum as users do, but with challenges
 * of its own and its own statement (OPS_SIWE_STATEMENT), so that neither side's message or
 * nonce opens the other. Only an active operator gets a session; every refused sign-in is
 * written to the log and to the audit table.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { getAddress } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { CHALLENGE_TTL_MS } from '../../protocol/account.ts';
import { DomainError } from '../../protocol/domain-error.ts';
import type { ErrorName } from '../../protocol/errors.ts';
import { OPS_SIWE_STATEMENT, type OpsChallenge } from '../../protocol/ops.ts';
import { adminAudit } from '../admin/audit.schema.ts';
import { operatorChallenges } from '../admin/operators.schema.ts';
import { type ActiveOperator, findActiveOperator } from '../admin/operators.ts';
import type { DbOrTx } from '../db/client.ts';
import { newNonce, type SiweOrigin, signatureMatches } from '../modules/account/index.ts';

export async function operatorChallenge(
  db: DbOrTx,
  origin: SiweOrigin,
  input: { address: string; chainId: number },
  now: number,
): Promise<OpsChallenge> {
  const nonce = newNonce();
  const expiresAt = now + CHALLENGE_TTL_MS;
  const message = createSiweMessage({
    domain: origin.domain,
    uri: `${origin.uri}/ops`,
    address: getAddress(input.address),
    chainId: input.chainId,
    nonce,
    statement: OPS_SIWE_STATEMENT,
    version: '1',
    issuedAt: new Date(now),
    expirationTime: new Date(expiresAt),
  });
  await db.insert(operatorChallenges).values({
    nonce,
    address: input.address.toLowerCase(),
    chainId: input.chainId,
    message,
    expiresAt,
  });
  return { message, nonce, expiresAt };
}

/** A short form of an address for the log: enough to recognise, not a full identifier. */
const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Checks a signed challenge; returns the operator it signs in, or refuses, logged and audited. */
export async function redeemOperatorChallenge(
  db: DbOrTx,
  request: FastifyRequest,
  input: { message: string; signature: string },
  now: number,
): Promise<ActiveOperator> {
  let nonce: string | undefined;
  try {
    nonce = parseSiweMessage(input.message).nonce;
  } catch {
    nonce = undefined;
  }
  const [challenge] = nonce
    ? await db.delete(operatorChallenges).where(eq(operatorChallenges.nonce, nonce)).returning()
    : [];
  const refuse = async (error: ErrorName, why: string, address = challenge?.address ?? 'unknown') => {
    request.log.warn({ operator: shortAddress(address), why }, 'operator sign-in refused');
    await db.insert(adminAudit).values({
      actor: address,
      command: 'console sign-in',
      args: [],
      reason: null,
      outcome: 'error',
      detail: why,
    });
    return new DomainError(error);
  };
  if (!challenge) throw await refuse('login_challenge_used', 'unknown or used challenge');
  if (challenge.message !== input.message) throw await refuse('login_challenge_invalid', 'altered message');
  if (challenge.expiresAt <= now) throw await refuse('login_challenge_expired', 'expired challenge');
  if (!(await signatureMatches(challenge.address, input.message, input.signature)))
    throw await refuse('login_signature_invalid', 'signature does not match');
  const operator = await findActiveOperator(db, challenge.address);
  if (!operator) throw await refuse('ops_not_operator', 'not an operator');
  await db.insert(adminAudit).values({
    actor: challenge.address,
    command: 'console sign-in',
    args: [],
    reason: null,
    outcome: 'ok',
    detail: null,
  });
  return operator;
}
