/**
 * Referral (docs/referral.md): binding an inviter once, paying two levels of commission out of
 * the fee revenue a fee just brought in, and what an inviter sees.
 *
 * A commission is its own journal entry (type referral_direct or referral_indirect, so the
 * inviter's record says what it is), posted in the same transaction as the fee it comes from and
 * keyed by that fee's entry, so a retried fee never pays twice and a failed one pays nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { Page } from '../../../protocol/envelope.ts';
import { dec, fmt } from '../../../protocol/money.ts';
import {
  commissionOf,
  type Invitee,
  maskAddress,
  type ReferralEarnings,
  type ReferralShares,
  type ReferralSummary,
} from '../../../protocol/referral.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { readPage } from '../../db/paging.ts';
import { rowsOf } from '../../db/rows.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { post, systemAccount, transfer, userAccount } from '../../ledger/ledger.ts';
import { users } from '../account/index.ts';
import { readSetting } from '../config/index.ts';
import { referralRewards } from './referral.schema.ts';

export const REFERRAL_SETTING_KEY = 'referral';
const NO_SHARES: ReferralShares = { direct: '0', indirect: '0' };
/** Serialises bindings, so two people binding each other at once cannot make a cycle. */
const BIND_LOCK_KEY = 0x52454631; // "REF1"
/** Inviter chains are short in practice; a longer walk means corrupted data, not a user error. */
const MAX_CHAIN = 10_000;

export async function referralShares(db: DbOrTx): Promise<ReferralShares> {
  return (await readSetting<ReferralShares>(db, REFERRAL_SETTING_KEY)) ?? NO_SHARES;
}

async function inviterOf(db: DbOrTx, address: string): Promise<string | null> {
  const [row] = await db.select({ inviter: users.inviter }).from(users).where(eq(users.address, address));
  return row?.inviter ?? null;
}

/**
 * Pays the payer's inviter (level 1) and that inviter's inviter (level 2) their shares of `fee`,
 * which the caller has just moved into fee revenue in this transaction under the entry `source`.
 */
export async function payReferral(
  tx: Tx,
  fee: { payer: string; coin: string; amount: string; source: string },
): Promise<void> {
  if (!dec(fee.amount).greaterThan(0)) return;
  // Read once, for both levels: the shares committed when this fee's transaction reads them pay
  // the whole fee. Nothing was reserved ahead of the fee, so there is nothing to re-price.
  const shares = await referralShares(tx);
  if (!dec(shares.direct).greaterThan(0) && !dec(shares.indirect).greaterThan(0)) return;
  const payer = fee.payer.toLowerCase();
  const direct = await inviterOf(tx, payer);
  if (!direct) return;
  const indirect = await inviterOf(tx, direct);
  const [coin] = await tx
    .select({ precision: coins.precision })
    .from(coins)
    .where(eq(coins.symbol, fee.coin));
  if (!coin) throw new Error(`fee in unknown coin ${fee.coin}`);
  const levels = [
    { level: 1, beneficiary: direct, share: shares.direct, type: 'referral_direct' },
    { level: 2, beneficiary: indirect, share: shares.indirect, type: 'referral_indirect' },
  ] as const;
  for (const { level, beneficiary, share, type } of levels) {
    if (!beneficiary) continue;
    const amount = commissionOf(fmt(dec(fee.amount)), share, coin.precision);
    if (!dec(amount).greaterThan(0)) continue;
    const { entryId, duplicate } = await post(tx, {
      type,
      idempotencyKey: `${fee.source}:referral:${level}`,
      reference: `referral:${fee.source}`,
      postings: transfer(systemAccount('fee_revenue'), userAccount(beneficiary), fee.coin, amount),
    });
    if (duplicate) continue;
    await tx
      .insert(referralRewards)
      .values({ beneficiary, invitee: payer, level, coin: fee.coin, amount, source: fee.source, entryId });
  }
}

/** 10009: binds the user's inviter by code, once; never oneself, never a cycle. */
export async function bindInviter(tx: Tx, wallet: string, code: string): Promise<{ inviter: string }> {
  const me = wallet.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(${BIND_LOCK_KEY})`);
  const [self] = await tx.select().from(users).where(eq(users.address, me)).for('update');
  if (!self) throw new DomainError('session_ended');
  if (self.inviter) throw new DomainError('invite_already_bound');
  const [target] = await tx.select().from(users).where(eq(users.inviteCode, code));
  if (!target) throw new DomainError('invite_code_unknown');
  if (target.address === me) throw new DomainError('invite_self');
  // Walk up from the new inviter: meeting oneself means the binding would close a loop.
  let hop: string | null = target.inviter;
  for (let n = 0; hop && n < MAX_CHAIN; n += 1) {
    if (hop === me) throw new DomainError('invite_cycle');
    hop = await inviterOf(tx, hop);
  }
  await tx.update(users).set({ inviter: target.address }).where(eq(users.address, me));
  return { inviter: maskAddress(getAddress(target.address)) };
}

/** 100201: the user's code and link, people invited, earnings per coin, and a page of invitees. */
export async function referralSummary(
  db: DbOrTx,
  wallet: string,
  origin: string,
  filter: { page: number; size: number },
): Promise<ReferralSummary> {
  const me = wallet.toLowerCase();
  const [self] = await db.select().from(users).where(eq(users.address, me));
  if (!self) throw new DomainError('session_ended');
  const [counts] = rowsOf<{ direct: number; indirect: number }>(
    await db.execute(sql`
      select
        (select count(*)::int from users where inviter = ${me}) as direct,
        (select count(*)::int from users u join users d on u.inviter = d.address where d.inviter = ${me}) as indirect
    `),
  );
  const earningsRows = rowsOf<{ coin: string; level: number; total: string }>(
    await db.execute(sql`
      select coin, level, sum(amount)::text as total from referral_rewards
      where beneficiary = ${me} group by coin, level order by coin, level
    `),
  );
  const byCoin = new Map<string, ReferralEarnings>();
  for (const r of earningsRows) {
    const e = byCoin.get(r.coin) ?? { coin: r.coin, direct: '0', indirect: '0' };
    if (r.level === 1) e.direct = fmt(dec(r.total));
    else e.indirect = fmt(dec(r.total));
    byCoin.set(r.coin, e);
  }
  return {
    code: self.inviteCode,
    link: `${origin}/home?code=${self.inviteCode}`,
    inviter: self.inviter ? maskAddress(getAddress(self.inviter)) : null,
    direct: counts?.direct ?? 0,
    indirect: counts?.indirect ?? 0,
    shares: await referralShares(db),
    earnings: [...byCoin.values()],
    invitees: await invitees(db, me, filter),
  };
}

async function invitees(
  db: DbOrTx,
  me: string,
  filter: { page: number; size: number },
): Promise<Page<Invitee>> {
  const people = sql`
    select address, 1 as level, created_at from users where inviter = ${me}
    union all
    select u.address, 2 as level, u.created_at from users u join users d on u.inviter = d.address
    where d.inviter = ${me}
  `;
  return readPage(filter, {
    count: async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${people}) p`)),
    rows: async ({ limit, offset }) =>
      rowsOf<{ address: string; level: number; created_at: string | Date }>(
        await db.execute(sql`
          select address, level, created_at from (${people}) p
          order by created_at desc, address
          limit ${limit} offset ${offset}
        `),
      ),
    list: async (rows) => {
      const earned = await earnedFrom(
        db,
        me,
        rows.map((r) => r.address),
      );
      return rows.map((r) => ({
        address: maskAddress(getAddress(r.address)),
        level: r.level === 2 ? 2 : 1,
        joinedAt: new Date(r.created_at).getTime(),
        earned: earned.get(r.address) ?? [],
      }));
    },
  });
}

/** What each of `addresses` (invitees of `me`) has earned `me`, per coin: one query for the page. */
async function earnedFrom(
  db: DbOrTx,
  me: string,
  addresses: string[],
): Promise<Map<string, { coin: string; amount: string }[]>> {
  const earned = new Map<string, { coin: string; amount: string }[]>();
  if (addresses.length === 0) return earned;
  const sums = await db
    .select({
      invitee: referralRewards.invitee,
      coin: referralRewards.coin,
      total: sql<string>`sum(${referralRewards.amount})::text`,
    })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.beneficiary, me),
        sql`${referralRewards.invitee} in (${sql.join(
          addresses.map((address) => sql`${address}`),
          sql`, `,
        )})`,
      ),
    )
    .groupBy(referralRewards.invitee, referralRewards.coin);
  for (const s of sums) {
    const list = earned.get(s.invitee) ?? [];
    list.push({ coin: s.coin, amount: fmt(dec(s.total)) });
    earned.set(s.invitee, list);
  }
  return earned;
}
