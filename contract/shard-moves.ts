import { z } from "zod";

/**
 * The operator's endpoints that move a partner to another shard
 * (worker/api/shard-moves.ts, driven by `npm run shards -- move`): not part of
 * the product's API, authorised by the operator's secret only.
 */
export const SHARD_MOVES_PATH = "/v1/operator/shard-moves";

const ShardName = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "A shard name: lower case letters, digits and -");

/** Begin (or resume) a move: the partner by id or by a host it has connected, and the target shard. */
export const StartMove = z.object({ partner: z.string().trim().min(1).max(253), to: ShardName });

/** One chunk of one step: the table (or the copy's last step), and for a copy the id to go on from. */
export const MoveChunk = z.object({ step: z.string().min(1).max(64), after: z.string().max(64).nullish() });

export const MoveState = z.object({
  partnerId: z.string(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  /** "copying": writes wait, rows being copied; "moved": routed to `to`, the source's rows still to delete; "done": nothing left. */
  phase: z.enum(["copying", "moved", "done"]),
  /** Milliseconds until the phase has reached every isolate (the next step waits for it). */
  waitMs: z.number().int().min(0),
  copySteps: z.array(z.string()),
  cleanupSteps: z.array(z.string()),
});
export type MoveState = z.infer<typeof MoveState>;

export const CopyResult = z.object({ step: z.string(), copied: z.number().int(), last: z.string().nullable() });
export const CleanupResult = z.object({ step: z.string(), deleted: z.number().int() });
export const MoveCounts = z.object({
  tables: z.array(z.object({ table: z.string(), source: z.number().int(), target: z.number().int() })),
  ok: z.boolean(),
});
export type MoveCounts = z.infer<typeof MoveCounts>;
