import { getAddress } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { ChallengeResponse, LoginResponse, UserInfo } from '../../../protocol/account.ts';
import { DomainError } from '../../../protocol/domain-error.ts';
import { defineHandler } from '../../http/handler.ts';
import {
  createSession,
  ensureUser,
  findUser,
  findUserByInviteCode,
  revokeSession,
  saveChallenge,
  takeChallenge,
  type UserRow,
} from './account.repository.ts';
import {
  clearSessionCookie,
  hashSecret,
  newSessionSecrets,
  SESSION_TTL_MS,
  setSessionCookie,
  siweOrigin,
} from './session.ts';
import { buildLoginMessage, checkLoginMessage, newNonce, signatureMatches } from './siwe.ts';

export function toUserInfo(row: UserRow): UserInfo {
  return {
    address: getAddress(row.address),
    inviteCode: row.inviteCode,
    inviter: row.inviter ? getAddress(row.inviter) : null,
    createdAt: row.createdAt.getTime(),
  };
}

function nonceOf(message: string): string {
  try {
    const nonce = parseSiweMessage(message).nonce;
    if (nonce) return nonce;
  } catch {
    // fall through
  }
  throw new DomainError('login_challenge_invalid');
}

export const accountHandlers = [
  defineHandler({
    code: '10001',
    async handle(ctx, input): Promise<ChallengeResponse> {
      const origin = siweOrigin(ctx.request, ctx.services.publicUrl);
      const now = Date.now();
      const nonce = newNonce();
      const { message, expiresAt } = buildLoginMessage({
        origin,
        address: input.address,
        chainId: input.chainId,
        nonce,
        now,
      });
      await saveChallenge(
        ctx.db,
        { nonce, address: input.address.toLowerCase(), chainId: input.chainId, message, expiresAt },
        now,
      );
      return { message, nonce, expiresAt };
    },
  }),

  defineHandler({
    code: '10002',
    async handle(ctx, input): Promise<LoginResponse> {
      const origin = siweOrigin(ctx.request, ctx.services.publicUrl);
      const now = Date.now();
      const challenge = await takeChallenge(ctx.db, nonceOf(input.message));
      if (!challenge) throw new DomainError('login_challenge_used');
      // The server wrote this message; any other text, however valid it looks, is not ours.
      if (challenge.message !== input.message) throw new DomainError('login_challenge_invalid');
      const check = checkLoginMessage(input.message, {
        origin,
        address: challenge.address,
        chainId: challenge.chainId,
        nonce: challenge.nonce,
        now,
      });
      if (check === 'expired') throw new DomainError('login_challenge_expired');
      if (check !== 'ok') throw new DomainError('login_challenge_invalid');
      if (!(await signatureMatches(challenge.address, input.message, input.signature))) {
        throw new DomainError('login_signature_invalid');
      }

      const inviter = input.inviteCode ? await findUserByInviteCode(ctx.db, input.inviteCode) : null;
      const usableInviter = inviter && inviter.address !== challenge.address ? inviter.address : null;
      const { user, created } = await ensureUser(ctx.db, challenge.address, usableInviter);
      let invite: LoginResponse['invite'] = null;
      if (input.inviteCode) {
        invite = !created ? 'ignored' : usableInviter ? 'bound' : 'invalid';
        if (invite === 'invalid') ctx.notice('notices.invite_code_invalid');
      }

      const { secret, token } = newSessionSecrets();
      await createSession(ctx.db, {
        secretHash: hashSecret(secret),
        token,
        address: challenge.address,
        expiresAt: now + SESSION_TTL_MS,
      });
      setSessionCookie(ctx.request, ctx.reply, secret);
      return { token, user: toUserInfo(user), invite };
    },
  }),

  defineHandler({
    code: '10003',
    async handle(ctx): Promise<null> {
      if (ctx.request.sessionHash) await revokeSession(ctx.db, ctx.request.sessionHash);
      clearSessionCookie(ctx.request, ctx.reply);
      return null;
    },
  }),

  defineHandler({
    code: '10008',
    async handle(ctx): Promise<UserInfo> {
      const user = ctx.wallet ? await findUser(ctx.db, ctx.wallet) : null;
      if (!user) throw new DomainError('session_ended');
      return toUserInfo(user);
    },
  }),
];
