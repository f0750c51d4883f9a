import type { FieldsOf } from '../../../protocol/contract.ts';
import { fetchData } from '../../lib/api.ts';

export const getWithdrawOptions = () => fetchData('10022');
/** The terms for the wallet to sign (protocol/withdraw-authorization.ts). */
export const getWithdrawalTerms = (fields: FieldsOf<'10023'>) => fetchData('10023', fields);
export const submitWithdrawal = (fields: FieldsOf<'10025'>) => fetchData('10025', fields);
export const getWithdrawals = (page: number) => fetchData('10026', { page, size: 20 });
export const getWithdrawal = (id: number) => fetchData('10027', { id });
/** The address book (protocol/withdraw-address-book.ts). */
export const getAddressBook = () => fetchData('10024');
export const saveAddress = (fields: FieldsOf<'10028'>) => fetchData('10028', fields);
export const deleteAddress = (fields: FieldsOf<'10029'>) => fetchData('10029', fields);
