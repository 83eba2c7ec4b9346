/**
 * The driver of `npm run shards -- move <partner id or host> <shard>`: the
 * Worker's operator endpoints (worker/api/shard-moves.ts) called step by
 * step, progress printed per table. Pure of Node: the script gives it a
 * `send` over fetch, the worker tests one over the Worker itself. Run again
 * after any failure it resumes: the Worker's record says which phase the move
 * is in, and every copy chunk is an upsert.
 */
import { SHARD_MOVES_PATH, type MoveCounts, type MoveState } from "../contract/shard-moves";

/** One operator call: POST `path` with a JSON body; the parsed answer, or a thrown error naming the status and message. */
export type Send = (path: string, body: unknown) => Promise<{ status: number; body: unknown; retryAfter: number | null }>;

export type MoveArgs = { partner: string; shard: string; url: string };

/** Reads `move <partner> <shard> [--url URL]`: the Worker's origin from --url, else OPERATOR_URL, else the local dev server. */
export function moveArgs(args: string[], env: Record<string, string | undefined>): MoveArgs {
  const rest = args.slice(1);
  const at = rest.indexOf("--url");
  const url = at >= 0 ? rest[at + 1] : (env.OPERATOR_URL ?? "http://localhost:5173");
  const positional = rest.filter((a, i) => !a.startsWith("--") && (at < 0 || (i !== at && i !== at + 1)));
  const [partner, shard] = positional;
  if (!partner || !shard || positional.length !== 2 || !url || url.startsWith("--"))
    throw new Error("Usage: npm run shards -- move <partner id or host> <shard> [--url https://your-host]   (OPERATOR_SECRET in the environment)");
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(shard)) throw new Error(`"${shard}" is not a shard name (lower case letters, digits and "-")`);
  return { partner, shard, url: url.replace(/\/+$/, "") };
}

const problem = (step: string, res: { status: number; body: unknown }) => {
  const error = (res.body as { error?: { message?: string; fields?: Record<string, string> } } | null)?.error;
  const fields = error?.fields ? ` ${JSON.stringify(error.fields)}` : "";
  return new Error(`${step}: ${res.status} ${error?.message ?? ""}${fields} (run the same command again to resume)`);
};

/**
 * Moves the partner: begin (or resume), copy every table in chunks, check the
 * counts, flip, delete the source's rows, finish. `wait` sleeps (the phases'
 * settle time, a 409's Retry-After). Answers the final state.
 */
export async function driveMove(
  send: Send,
  args: Pick<MoveArgs, "partner" | "shard">,
  log: (line: string) => void,
  wait: (ms: number) => Promise<void>,
): Promise<MoveState> {
  const call = async <T>(step: string, path: string, body: unknown = {}): Promise<T> => {
    for (;;) {
      const res = await send(path, body);
      if (res.status === 200) return res.body as T;
      // Not every server sees the phase yet: wait as told, then the same call.
      if (res.status === 409 && res.retryAfter !== null) {
        await wait(res.retryAfter * 1000);
        continue;
      }
      throw problem(step, res);
    }
  };
  let state = await call<MoveState>("start", SHARD_MOVES_PATH, { partner: args.partner, to: args.shard });
  if (state.phase === "done") {
    log(`${state.name} is on ${state.to}: nothing to move`);
    return state;
  }
  const base = `${SHARD_MOVES_PATH}/${state.partnerId}`;
  log(`${state.name}: ${state.from} → ${state.to} (${state.phase}; its writes wait until the copy is done)`);
  if (state.phase === "copying") {
    if (state.waitMs > 0) await wait(state.waitMs);
    for (const step of state.copySteps) {
      let total = 0;
      for (let after: string | null = null; ;) {
        const chunk: { copied: number; last: string | null } = await call("copy " + step, `${base}/copy`, { step, after });
        total += chunk.copied;
        if (!chunk.last) break;
        after = chunk.last;
      }
      log(`  copied ${step}: ${total}`);
    }
    const counts = await call<MoveCounts>("verify", `${base}/verify`);
    for (const t of counts.tables.filter((t) => t.source !== t.target)) log(`  ${t.table}: source ${t.source}, target ${t.target}`);
    state = await call<MoveState>("flip", `${base}/flip`);
    log(`${state.name} now routes to ${state.to}`);
  }
  if (state.waitMs > 0) await wait(state.waitMs);
  for (const step of state.cleanupSteps) {
    let total = 0;
    for (;;) {
      const { deleted } = await call<{ deleted: number }>("cleanup " + step, `${base}/cleanup`, { step });
      total += deleted;
      if (!deleted) break;
    }
    log(`  deleted from ${state.from} ${step}: ${total}`);
  }
  state = await call<MoveState>("finish", `${base}/finish`);
  log(`${state.name} is on ${state.to}: done`);
  return state;
}
