/**
 * The withdrawal address book (docs/withdrawals.md, "The address book"). Withdrawals go only to a
 * saved address whose cooling-off is over: a stolen session that saves its own address must then
 * wait out the delay while the owner sees the change in the book's history and gets a push.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_PATH,
  type AddressBook,
  type SavedAddress,
} from '../../../protocol/withdraw-address-book.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { chains, readSetting } from '../config/index.ts';
import { isValidBitcoinAddress, isValidEvmAddress, isValidTronAddress } from '../deposit/index.ts';
import { queuePush } from '../push/index.ts';
import { withdrawAddressEvents, withdrawAddresses, withdrawRules } from './withdraw.schema.ts';

/** The setting that holds the cooling-off in hours (0 turns it off); 24 when unset. */
export const ADDRESS_DELAY_SETTING = 'withdrawAddressDelayHours';
export const DEFAULT_ADDRESS_DELAY_HOURS = 24;
const HOUR_MS = 3_600_000;

export async function addressDelayHours(db: DbOrTx): Promise<number> {
  const stored = await readSetting<number>(db, ADDRESS_DELAY_SETTING);
  return typeof stored === 'number' && stored >= 0 ? stored : DEFAULT_ADDRESS_DELAY_HOURS;
}

export function addressValidFor(family: 'evm' | 'tron' | 'bitcoin', address: string): boolean {
  if (family === 'tron') return isValidTronAddress(address);
  if (family === 'bitcoin') return isValidBitcoinAddress(address);
  return isValidEvmAddress(address);
}

/** A moment as the refusal and the push show it: "2026-11-29 14:05 UTC". */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

type Row = typeof withdrawAddresses.$inferSelect;

function toSaved(r: Row): SavedAddress {
  return {
    id: r.id,
    coin: r.coin,
    chain: r.chain,
    address: r.address,
    label: r.label,
    createdAt: r.createdAt.getTime(),
    usableFrom: r.usableFrom.getTime(),
  };
}

function live(user: string) {
  return and(eq(withdrawAddresses.user, user), isNull(withdrawAddresses.deletedAt));
}

/** 10024: the saved addresses, oldest first, and the newest 50 changes. */
export async function addressBook(db: DbOrTx, wallet: string): Promise<AddressBook> {
  const user = wallet.toLowerCase();
  const rows = await db.select().from(withdrawAddresses).where(live(user)).orderBy(withdrawAddresses.id);
  const history = await db
    .select({
      action: withdrawAddressEvents.action,
      at: withdrawAddressEvents.at,
      coin: withdrawAddresses.coin,
      chain: withdrawAddresses.chain,
      address: withdrawAddresses.address,
      label: withdrawAddresses.label,
    })
    .from(withdrawAddressEvents)
    .innerJoin(withdrawAddresses, eq(withdrawAddresses.id, withdrawAddressEvents.addressId))
    .where(eq(withdrawAddressEvents.user, user))
    .orderBy(desc(withdrawAddressEvents.id))
    .limit(50);
  return {
    addresses: rows.map(toSaved),
    history: history.map((h) => ({ ...h, at: h.at.getTime() })),
    delayHours: await addressDelayHours(db),
  };
}

/** 10028: saves `input.address` for its coin and chain, usable once the cooling-off is over. */
export async function saveAddress(
  tx: Tx,
  wallet: string,
  input: { coin: string; chain: string; address: string; label: string },
): Promise<SavedAddress> {
  const user = wallet.toLowerCase();
  // Any coin and chain the platform has a withdrawal rule for (even one paused for now).
  const [chain] = await tx
    .select({ family: chains.family })
    .from(withdrawRules)
    .innerJoin(chains, eq(chains.id, withdrawRules.chain))
    .where(and(eq(withdrawRules.coin, input.coin), eq(withdrawRules.chain, input.chain)));
  if (!chain) throw new DomainError('withdrawal_unavailable', { coin: input.coin, chain: input.chain });
  if (!addressValidFor(chain.family, input.address))
    throw new DomainError('address_invalid', { chain: input.chain });
  // One saver at a time per user: the count and the duplicate check hold against a concurrent save.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw-address-book:${user}`}))`);
  const saved = await tx.select().from(withdrawAddresses).where(live(user));
  if (saved.some((r) => r.coin === input.coin && r.chain === input.chain && r.address === input.address))
    throw new DomainError('address_book_duplicate', { coin: input.coin, chain: input.chain });
  if (saved.length >= ADDRESS_BOOK_MAX) throw new DomainError('address_book_full', { max: ADDRESS_BOOK_MAX });
  const now = new Date();
  const delay = await addressDelayHours(tx);
  const [row] = await tx
    .insert(withdrawAddresses)
    .values({
      user,
      coin: input.coin,
      chain: input.chain,
      address: input.address,
      label: input.label,
      createdAt: now,
      usableFrom: new Date(now.getTime() + delay * HOUR_MS),
    })
    .returning();
  if (!row) throw new Error('address not stored');
  await recordChange(tx, row, 'added', now);
  return toSaved(row);
}

/** `0x1234…abcd`: enough of an address to recognise it in a notification. */
function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * Each change is on record (the book's history) and announced by push to the user's devices, in
 * the same transaction: an owner whose session was taken sees a new address at once, during its
 * cooling-off.
 */
async function recordChange(
  tx: Tx,
  row: typeof withdrawAddresses.$inferSelect,
  action: 'added' | 'deleted',
  now: Date,
): Promise<void> {
  await tx.insert(withdrawAddressEvents).values({ user: row.user, addressId: row.id, action, at: now });
  await queuePush(tx, {
    user: row.user,
    kind: 'account',
    titleKey: action === 'added' ? 'addressBook.pushAddedTitle' : 'addressBook.pushDeletedTitle',
    bodyKey: action === 'added' ? 'addressBook.pushAddedBody' : 'addressBook.pushDeletedBody',
    params: {
      label: row.label,
      address: shortAddress(row.address),
      coin: row.coin,
      chain: row.chain,
      usableFrom: utcMinute(row.usableFrom),
    },
    url: ADDRESS_BOOK_PATH,
  });
}

/** 10029: deletes a saved address of the user's; another's or an unknown id is "not found". */
export async function deleteAddress(tx: Tx, wallet: string, id: number): Promise<{ deleted: boolean }> {
  const user = wallet.toLowerCase();
  const now = new Date();
  const [row] = await tx
    .update(withdrawAddresses)
    .set({ deletedAt: now })
    .where(and(eq(withdrawAddresses.id, id), live(user)))
    .returning();
  if (!row) throw new DomainError('not_found');
  await recordChange(tx, row, 'deleted', now);
  return { deleted: true };
}

/**
 * Refuses a withdrawal to an address the user has not saved for this coin and chain, or saved
 * too recently. The terms (10023) and the submit (10025) both ask.
 */
export async function requireUsableAddress(
  db: DbOrTx,
  wallet: string,
  to: { coin: string; chain: string; address: string },
  now = Date.now(),
): Promise<void> {
  const rows = await db
    .select()
    .from(withdrawAddresses)
    .where(
      and(
        live(wallet.toLowerCase()),
        eq(withdrawAddresses.coin, to.coin),
        eq(withdrawAddresses.chain, to.chain),
        eq(withdrawAddresses.address, to.address),
      ),
    );
  const [row] = rows;
  if (!row) throw new DomainError('withdrawal_address_not_saved');
  if (row.usableFrom.getTime() > now)
    throw new DomainError('withdrawal_address_cooling', { from: utcMinute(row.usableFrom) });
}
