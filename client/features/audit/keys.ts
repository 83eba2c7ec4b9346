/**
 * The audit trails' query keys, per active account. In a module of their own
 * (the "data" script group, vite.config.ts) because the features' API modules
 * list them among what a change invalidates when they load: importing them
 * from the trail's component would make the two scripts import each other.
 */

/** Whose trail: a job's, a partner's customer's, or the acting account's own (a partner's plans and price groups; a customer's everything). */
export type AuditOf = { job: string } | { customer: string } | { partner: true };

export const auditKeys = {
  /** Every trail, in any account (after a change that writes an entry). */
  all: ["audit"] as const,
  trail: (accountId: string, of: AuditOf) => ["audit", accountId, of] as const,
};
