/**
 * The withdrawal address book (docs/withdrawals.md, "The address book"): 10024 lists the saved
 * addresses with the book's history, 10028 saves one with a label, 10029 deletes one. A withdrawal
 * (10023 terms, 10025 submit) goes only to a saved address past its cooling-off (`usableFrom`).
 */
import * as v from 'valibot';
import { requestId } from './validation.ts';

/** Addresses one user may keep: enough for any real use, a bound on what one session can store. */
export const ADDRESS_BOOK_MAX = 50;
export const ADDRESS_LABEL_MAX = 40;

const symbol = v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,12}$/));

/** 10028: save an address for a coin on a chain, with the user's label. */
export const addressAddRequest = v.object({
  coin: symbol,
  chain: symbol,
  address: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  label: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(ADDRESS_LABEL_MAX)),
  requestId,
});

/** 10029: delete a saved address by its id. */
export const addressDeleteRequest = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number)),
  requestId,
});

export interface SavedAddress {
  id: number;
  coin: string;
  chain: string;
  address: string;
  label: string;
  createdAt: number;
  /** When withdrawals to it are first allowed (the cooling-off's end; `createdAt` when it is off). */
  usableFrom: number;
}

/** One change of the book, as the user sees it in its history. */
export interface AddressBookEvent {
  action: 'added' | 'deleted';
  coin: string;
  chain: string;
  address: string;
  label: string;
  at: number;
}

/** 10024's answer. */
export interface AddressBook {
  addresses: SavedAddress[];
  /** The newest changes first. */
  history: AddressBookEvent[];
  /** The cooling-off of a newly saved address, in hours (0: off). */
  delayHours: number;
}

/** The address book's screen: where a push about a change to the book opens. */
export const ADDRESS_BOOK_PATH = '/withdrawAddressBook';
