/**
 * Referral: who invited whom and the inviters' share of their invitees' fees. Other modules pay
 * that share when they take a fee.
 */
export { payReferral } from './referral.service.ts';
