/**
 * The names of appeals on the wire (issue 30): what a club may appeal and an appeal's states.
 * A module of their own so api-client's answer schemas, which every screen loads, read them
 * without appeals.ts's rules (and the service standards and working days those bring).
 */

/** What a club may appeal. */
export const APPEAL_GROUNDS = ['finalRejected', 'referralRejected', 'overdue'] as const;
export type AppealGroundName = (typeof APPEAL_GROUNDS)[number];

/** An appeal's states. */
export const APPEAL_STATUSES = ['pending', 'allowed', 'dismissed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
