import type { FieldsOf } from '../../../protocol/contract.ts';
import type { Page } from '../../../protocol/envelope.ts';
import type { Invitee } from '../../../protocol/referral.ts';
import { fetchData } from '../../lib/api.ts';

export const getReferral = (page = 1) => fetchData('100201', { page, size: 20 });
export const getInvitees = async (page: number): Promise<Page<Invitee>> => (await getReferral(page)).invitees;
export const bindInvite = (fields: FieldsOf<'10009'>) => fetchData('10009', fields);
