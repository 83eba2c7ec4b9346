/**
 * The FLOW_QUEUE consumer: runs each cross-partner step (../domain/flows.ts)
 * on the databases it names, the directory and shards by name. A step that
 * throws is retried with backoff; one that still fails on its last attempt is
 * compensated (its undo) where it has one, else, or when that fails too,
 * kept for the cron (./kept.ts), then acknowledged, so no flow stays half
 * done (docs/decisions/2026-11-27-no-step-lost.md). A kept step that
 * succeeds removes its row. A shard this deployment does not bind fails its
 * step like any other error. A step that waits for a partner's move to
 * another shard is retried with a delay, neither counted as a failure nor
 * compensated, and sent again when the queue's retries are spent
 * (docs/decisions/2026-11-27-background-work-during-a-move.md).
 */
import { database } from "../db";
import { defaultShard, shardBinding, shardsOf } from "../d1/shards";
import { partnerMoves, type PartnerMove } from "../data/quiet-partners";
import { LAST_ATTEMPT, retryDelaySeconds, type FlowMessage } from "../domain/flows";
import { PartnerMoving, waitForMove } from "../domain/shard-move";
import type { Db } from "../env";
import { publish, refresh } from "./catalogue";
import { deliver, follow } from "./delivery";
import { undoAccept, undoInvites } from "./invites";
import { keepGivenUp, settleKept } from "./kept";
import { relink, undoRelink } from "./relink";
import { releaseClaims, releaseSeats } from "./seats";
import { copyAccount, undoLink, undoMemberStatus, undoOnboarding } from "./undo";

/** The flow queue's name (wrangler.toml); a deployment may suffix it per environment. */
export const FLOW_QUEUE_NAME = "techfit-flows";

/** `names`: the shards bound; `defaultShard`: where an account no partner places is. */
export type FlowDatabases = { directory: Db; shard: (name: string) => Db; names: string[]; defaultShard: string };

/** The databases a step may write: the directory and any shard, each opened once per batch. */
export function flowDatabases(env: Env): FlowDatabases {
  const opened = new Map<string, Db>();
  return {
    directory: database(env.DB),
    names: shardsOf(env).map((s) => s.name),
    defaultShard: defaultShard(env),
    shard: (name) => {
      let db = opened.get(name);
      if (!db) opened.set(name, (db = database(shardBinding(env, name))));
      return db;
    },
  };
}

async function run(env: Env, dbs: FlowDatabases, m: FlowMessage): Promise<void> {
  if (m.kind === "relink") return relink(dbs, m);
  if (m.kind === "publish") return publish(dbs, env, m);
  if (m.kind === "deliver") return deliver(dbs, env, m);
  if (m.kind === "followJob") return follow(dbs, m);
  if (m.kind === "undoAccept") return undoAccept(dbs, m);
  if (m.kind === "undoInvites") return undoInvites(dbs, m);
  if (m.kind === "releaseSeats") return releaseSeats(dbs, m);
  if (m.kind === "releaseClaims") return releaseClaims(dbs, m);
  if (m.kind === "undoOnboarding") return undoOnboarding(dbs, m);
  if (m.kind === "undoLink") return undoLink(dbs, m);
  if (m.kind === "undoMemberStatus") return undoMemberStatus(dbs, m);
  if (m.kind === "copyAccount" || m.kind === "copyCurrency") return copyAccount(dbs, m);
  return refresh(dbs, m);
}

/**
 * The compensation of a step that cannot complete (answers whether it has
 * one); publishing and the copies (refresh, deliver) write nothing half done
 * (each is one batch on one database); the undo steps are compensations
 * themselves: they are kept for the cron instead.
 */
async function undo(dbs: FlowDatabases, m: FlowMessage): Promise<boolean> {
  if (m.kind !== "relink") return false;
  await undoRelink(dbs, m);
  return true;
}

/** A step given up on: compensated, or kept for the cron when it has no compensation or that fails too (then only an operator's, logged). */
async function giveUp(dbs: FlowDatabases, message: Message<FlowMessage>): Promise<void> {
  const compensated = await undo(dbs, message.body).catch((undoErr: unknown) => {
    console.error(JSON.stringify({ level: "error", message: "flow compensation failed", kind: message.body?.kind, error: String(undoErr) }));
    return false;
  });
  try {
    await (compensated ? settleKept(dbs, message.body) : keepGivenUp(dbs, message.body));
    message.ack();
  } catch (keepErr) {
    console.error(JSON.stringify({ level: "error", message: "flow step not kept", kind: message.body?.kind, error: String(keepErr).slice(0, 300) }));
    retryLater(message);
  }
}

const retryLater = (message: Message<FlowMessage>) => message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });

/**
 * The shards a step writes for rows it cannot tell the partner of (another
 * author's workout copies, seats, time claims, the rows an undo takes back). The other
 * steps look at their own partner's move: a re-link at its new partner's
 * (./relink.ts), a publish at its author's, a delivery copy at its deliverer's.
 */
function shardsWritten(m: FlowMessage): string[] {
  if (
    m.kind === "refresh" ||
    m.kind === "followJob" ||
    m.kind === "undoInvites" ||
    m.kind === "undoOnboarding" ||
    m.kind === "undoLink" ||
    m.kind === "undoMemberStatus" ||
    m.kind === "copyAccount" ||
    m.kind === "copyCurrency"
  )
    return [m.shard];
  if (m.kind === "releaseSeats" || m.kind === "releaseClaims") return [m.shard, m.jobShard];
  if (m.kind === "undoAccept") return [m.claim.shard];
  return [];
}

/** A step that writes a shard a partner's rows are being copied to or from waits for the flip. */
const waitsForMove = (m: FlowMessage, moves: readonly PartnerMove[]) =>
  shardsWritten(m).some((shard) => moves.some(({ move }) => move.phase === "copying" && (move.from === shard || move.to === shard)));

export async function runFlowBatch(batch: MessageBatch<FlowMessage>, env: Env): Promise<void> {
  const dbs = flowDatabases(env);
  // The moves under way, read once per batch and only for a step that needs them.
  let moves: Promise<PartnerMove[]> | undefined;
  // One message after the other: steps of one flow arrive in order, and a batch is small (max_batch_size).
  for (const message of batch.messages) {
    try {
      if (shardsWritten(message.body).length && waitsForMove(message.body, await (moves ??= partnerMoves(dbs.directory))))
        throw new PartnerMoving(message.body.kind);
      await run(env, dbs, message.body);
      await settleKept(dbs, message.body);
      message.ack();
    } catch (err) {
      if (err instanceof PartnerMoving) {
        // Not a failure: retried until the move has flipped (sent again on the queue's last delivery), never compensated for it.
        await waitForMove(message, env.FLOW_QUEUE, LAST_ATTEMPT);
        continue;
      }
      console.error(
        JSON.stringify({ level: "error", message: "flow step failed", kind: message.body?.kind, attempts: message.attempts, error: String(err).slice(0, 300) }),
      );
      if (message.attempts < LAST_ATTEMPT) retryLater(message);
      else await giveUp(dbs, message);
    }
  }
}
