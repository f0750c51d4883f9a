/**
 * The wallet operation in flight, shown by the "connect" button on the first page and set by the
 * sign-in loaded on the tap (./sign-in.ts). Its own file so the sign-in can set it without importing
 * ./session.ts, which loads the sign-in (the two would form a circle).
 */
import { signal } from '@preact/signals-react';

/** The wallet operation in flight (docs/spec/product.md section 4: connecting, logging in). */
export const walletStep = signal<'idle' | 'connecting' | 'logging_in'>('idle');

/** What kind of device a page runs on, for where a wallet lives there. */
export type WalletDevice = 'android' | 'ios' | 'other';

/** Set when no wallet answered a connect: the connect button then offers a way to one. */
export const noWallet = signal<WalletDevice | null>(null);
