import type { Page } from '../../../protocol/envelope.ts';
import type { Invitee, ReferralSummary } from '../../../protocol/referral.ts';
import { fetchData } from '../../lib/api.ts';

export const getReferral = (page = 1) => fetchData<ReferralSummary>('100201', { page, size: 20 });
export const getInvitees = async (page: number): Promise<Page<Invitee>> => (await getReferral(page)).invitees;
export const bindInvite = (fields: { inviteCode: string; requestId: string }) =>
  fetchData<{ inviter: string }>('10009', fields);
