/**
 * The flows that cross partners (docs/decisions/2026-11-27-cross-partner-flows.md):
 * a step that writes a database other than the request's own goes through the
 * FLOW_QUEUE as one of these messages. Each step is idempotent (it can run
 * again, after a failure or twice, and end in the same state), and each has a
 * compensating step, run when it cannot complete, that leaves no half-done
 * state behind.
 */

import type { Currency } from "../../contract/enums";
import type { TimeClaim } from "./time-claims";

/** A partner and the shard it is on (`partnerId` null: a customer not linked yet). */
export type PartnerOnShard = { partnerId: string | null; shard: string };

/**
 * A customer re-links to a partner on another shard: its account and members
 * are copied to the new partner's shard, the directory's routing row switches
 * (compare-and-set on the old partner), and both shards' rows then name the new
 * partner. History stays on the old shard, stamped with the old partner.
 */
export type RelinkMessage = {
  kind: "relink";
  customerId: string;
  /** `currency`: the customer's before the move, which the compensation puts back (the move gives it the new partner's). */
  from: PartnerOnShard & { currency?: Currency };
  to: { partnerId: string; shard: string };
};

/**
 * A partner listed, changed or unlisted a workout: publish its current
 * version from `shard` (the author's) to the directory's catalogue; the
 * directory takes a version only over an older one.
 */
export type PublishMessage = { kind: "publish"; shard: string; workoutId: string };

/** The published `version` of a workout reaches the copies another shard holds (partners that added it to their library). */
export type RefreshMessage = { kind: "refresh"; shard: string; workoutId: string; version: number };

/**
 * A job on `shard` (its booking partner's) is delivered by another partner:
 * its delivery copy on the delivering partner's shard follows the job's version.
 */
export type DeliverMessage = { kind: "deliver"; shard: string; jobId: string };

/**
 * A delivery copy on `shard` written beside its job's write on `jobShard`
 * (ahead of it; docs/decisions/2026-11-27-copy-written-beside-its-job.md),
 * kept in the copy's batch: the copy takes the job's row as it is, back to it
 * too while the copy still holds that write (`ahead`: the version it carried
 * and its stamp), and the partner's claims given back in that batch
 * (`claims`) are taken again while the job still holds them.
 */
export type FollowJobMessage = {
  kind: "followJob";
  shard: string;
  jobShard: string;
  jobId: string;
  ahead: { version: number; extrasVersion: number; stamp: string };
  claims: TimeClaim[];
  bufferMinutes: number;
};

/**
 * What an invite's acceptance wrote in the directory (the invite used at
 * `respondedAt`, the identity memberships it added, the embedded invitation
 * it stood for), for the account's membership on its shard `shard`.
 */
export type InviteClaim = {
  shard: string;
  accountId: string;
  userId: string;
  inviteId: string;
  respondedAt: string;
  authMemberIds: string[];
  authInvitationId: string | null;
};

/**
 * The account's shard refused an acceptance's membership and the request's
 * undo failed too: the directory's claim is taken back here (compare-and-set
 * on the claim's time), unless the shard holds the membership after all.
 */
export type UndoAcceptMessage = { kind: "undoAccept"; claim: InviteClaim };

/**
 * Invites written in the directory whose mails the account's shard refused,
 * and whose undo in the request failed too: they are taken back here, unless
 * the shard holds their mails after all (its batch is all or nothing).
 */
export type UndoInvitesMessage = {
  kind: "undoInvites";
  shard: string;
  inviteIds: string[];
  authInvitationIds: string[];
  mailIds: string[];
  /** The inviting account. */
  accountId?: string;
};

/** A seat held on a slot's shard for a job line on another shard (docs/decisions/2026-11-27-slots-across-shards.md). */
export type SeatHold = { id: string; slotId: string; jobId: string; lineId: string };

/**
 * Seats held on `shard` (the slot's, the delivery partner's) for lines of a
 * job on `jobShard` that the request could not give back (after a job write
 * that failed, or a move away from the slot): given back, unless the job's
 * shard uses them (a line names the hold, and it is completed or its job not
 * cancelled).
 */
export type ReleaseSeatsMessage = { kind: "releaseSeats"; shard: string; jobShard: string; holds: SeatHold[] };

/**
 * A delivering partner's time claims on `shard` (its own) for lines of a job
 * on `jobShard` that the request could not give back (after a job write that
 * failed, or a move away from the time): given back, unless the job's shard
 * holds them (the line booked at that time and slot, its job not cancelled;
 * docs/decisions/2026-11-27-deliverer-time-claims.md).
 */
export type ReleaseClaimsMessage = { kind: "releaseClaims"; shard: string; jobShard: string; claims: TimeClaim[] };

/**
 * Onboarding's directory step failed and the request's removal of the new
 * account's rows on `shard` failed too: they are removed here, unless the
 * directory holds what its step writes in one batch after all (the embedded
 * organisation `authOrganizationId`; with Clerk the step's marker when
 * `marked`, else, for a message of an earlier release, the routing row).
 */
export type UndoOnboardingMessage = { kind: "undoOnboarding"; shard: string; accountId: string; authOrganizationId: string | null; marked?: boolean };

/**
 * A same-shard link of customer `customerId` to partner `to` was written on
 * one of `shard` and the directory only, and the request could not put it
 * back: where one of them names `to` while the other still names `from`, it
 * goes back to `from` (compare-and-set on `to`); when both agree, nothing.
 */
export type UndoLinkMessage = {
  kind: "undoLink";
  shard: string;
  customerId: string;
  from: string | null;
  to: string;
  /** What the link changed besides the partner (another partner's currency, no price group): put back too. */
  before?: { currency: Currency; priceGroupId: string | null };
};

/**
 * A member's status was refused by `shard` after the directory's identity
 * membership followed it, and the request's undo failed: the directory
 * follows the shard's status again (`restore`: the rows removed when marking
 * inactive, put back while the shard says active; `added`: the rows added when
 * marking active, removed while the shard says inactive).
 */
export type UndoMemberStatusMessage = {
  kind: "undoMemberStatus";
  shard: string;
  memberId: string;
  /** The member's account. */
  accountId?: string;
  restore: { id: string; organizationId: string; userId: string; role: string; createdAt: string }[];
  added: string[];
};

/**
 * A change of accounts committed on `shard` while the directory refused its
 * copies (an account's details or zone, a partner's currency and the
 * customers that followed it): the directory's rows of `accountIds` take
 * what the shard holds now of the part the directory keeps, over an older
 * version only (worker/data/directory-copy.ts). Idempotent; nothing to
 * compensate, the shard being whole. `copyCurrency` is the name an earlier
 * release sent the same step by. `followersOf`: partners whose customers on
 * the shard are copied too, those whose row there is ahead of the directory's
 * (its `directory_version`), found when the step runs: the customers that
 * follow a currency change are known only after the batch the step is kept in.
 */
type CopyStep<K extends string> = { kind: K; shard: string; accountIds: string[]; followersOf?: string[] };
export type CopyAccountMessage = CopyStep<"copyAccount"> | CopyStep<"copyCurrency">;

/**
 * A step kept until it succeeds (`flow_steps`, worker/flows/kept.ts): the id
 * of its row, on its home shard (homeShard). `keptIn`: kept elsewhere, in the
 * batch of the request's first database (docs/decisions/2026-11-27-steps-kept-in-the-first-batch.md):
 * "directory", the directory's `directory_steps`; "partner", a release's
 * partner's shard (`shard`, where the seats and claims were taken).
 */
export type Kept = { keptId?: string; keptIn?: "directory" | "partner" };

export type FlowMessage = (
  | RelinkMessage
  | CopyAccountMessage
  | PublishMessage
  | RefreshMessage
  | DeliverMessage
  | FollowJobMessage
  | UndoAcceptMessage
  | UndoInvitesMessage
  | UndoOnboardingMessage
  | UndoLinkMessage
  | UndoMemberStatusMessage
  | ReleaseSeatsMessage
  | ReleaseClaimsMessage
) &
  Kept;

/** The attempt after which a step that still fails is compensated (the queue's max_retries, wrangler.toml). */
export const LAST_ATTEMPT = 10;

/** The delay before a failed step's next attempt: doubling from two seconds, at most ten minutes. */
export const retryDelaySeconds = (attempts: number): number => Math.min(2 ** Math.min(attempts, 10), 600);

/**
 * How long a message sent now may still be retried by the queue (every
 * attempt's delay up to the last, and a margin): a kept step is sent again
 * only after it, so the cron never repairs what the message may still do.
 */
export const RETRY_WINDOW_MS = (Array.from({ length: LAST_ATTEMPT }, (_, i) => retryDelaySeconds(i + 1)).reduce((a, b) => a + b, 0) + 600) * 1000;

/**
 * The shard a step is kept on (`flow_steps`): the one whose rows it
 * concerns and the request (or the consumer) can reach: an undo's shard
 * (an acceptance's account's), a seat's or a time claim's release's job
 * shard (the partner's shard is the one that failed; the partner's own when
 * kept in the batch that took them), a re-link's old shard, a publish's or a copy's.
 */
export function homeShard(m: FlowMessage): string {
  if (m.kind === "relink") return m.from.shard;
  if (m.kind === "releaseSeats" || m.kind === "releaseClaims") return m.keptIn === "partner" ? m.shard : m.jobShard;
  if (m.kind === "undoAccept") return m.claim.shard;
  return m.shard;
}

/** The step as sent again from the shard its row is on now (a partner's move carried it there), with its row's id. */
export function atHome(m: FlowMessage, shard: string, keptId: string): FlowMessage {
  if (m.kind === "relink") return { ...m, from: { ...m.from, shard }, keptId };
  if (m.kind === "releaseSeats" || m.kind === "releaseClaims") return m.keptIn === "partner" ? { ...m, shard, keptId } : { ...m, jobShard: shard, keptId };
  if (m.kind === "undoAccept") return { ...m, claim: { ...m.claim, shard }, keptId };
  return { ...m, shard, keptId };
}

/** The account a step is about, whose partner's move the cron waits for (null: a step that names none). */
export function accountOf(m: FlowMessage): string | null {
  if (m.kind === "relink" || m.kind === "undoLink") return m.customerId;
  if (m.kind === "undoOnboarding") return m.accountId;
  if (m.kind === "undoAccept") return m.claim.accountId;
  if (m.kind === "undoInvites" || m.kind === "undoMemberStatus") return m.accountId ?? null;
  if (m.kind === "copyAccount" || m.kind === "copyCurrency") return m.accountIds[0] ?? m.followersOf?.[0] ?? null;
  return null;
}
