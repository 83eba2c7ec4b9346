import { describe, expect, it } from "vitest";
import { DEMO } from "../../db/seed";
import { authed, signInCookie, tokenFor } from "./auth";
import { call, json } from "./helpers";

// The D1 round-trip budget of the common reads and writes (the same list as
// `npm run bench`'s D1 table): a server-rendered page makes no D1 call once
// its tenant is cached; an authenticated read at most 3 (caller, membership,
// data).
const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;
const READ = 3;

function d1Calls(res: Response): number {
  const m = res.headers.get("Server-Timing")?.match(/d1;desc="(\d+) calls"/);
  if (!m) throw new Error(`no D1 figure in Server-Timing: ${res.headers.get("Server-Timing")}`);
  return Number(m[1]);
}

const customer = async (init: RequestInit = {}) => authed(await tokenFor("customerMember"), { ...init, accountId: FABRIKAM });
const partner = async (init: RequestInit = {}) => authed(await tokenFor("partnerAdmin"), { ...init, accountId: NORTHWIND });

/** The calls of a warm request: the same request is sent once before, so per-isolate caches are filled. */
async function warm(path: string, init: () => Promise<RequestInit & { host?: string }>): Promise<number> {
  const first = await call(path, await init());
  expect(first.status).toBe(200);
  await first.arrayBuffer();
  const res = await call(path, await init());
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return d1Calls(res);
}

describe("D1 round trips per request", () => {
  const table: [string, number, number][] = [];
  const record = (name: string, calls: number, budget: number) => {
    table.push([name, calls, budget]);
    expect.soft(calls, name).toBeLessThanOrEqual(budget);
  };

  it("server-rendered pages make no D1 call on a warm tenant cache", async () => {
    record("shell /help (partner host)", await warm("/help", async () => ({ host: "learn.northwind.test" })), 0);
    const cookie = await signInCookie("dan@fabrikam.test");
    // Signed in, the page reads what the client needs to start (session, token, user, memberships, invites,
    // account) in the Worker, instead of the browser's seven sequential requests after hydration.
    record("shell /bookings (signed in, identity inlined)", await warm("/bookings", async () => ({ headers: { Cookie: cookie } })), 9);
  });

  it("common reads stay within three calls", async () => {
    const [firstWorkout] = (await json(await call("/v1/workouts?limit=1", await customer()))).items;
    const reads: [string, string, () => Promise<RequestInit>][] = [
      ["GET /v1/styles", `/v1/styles?origin=${encodeURIComponent("https://learn.northwind.test")}`, async () => ({})],
      ["GET /v1/workouts", "/v1/workouts?limit=24", customer],
      ["GET /v1/workouts/{id}", `/v1/workouts/${firstWorkout.id}`, customer],
      ["GET /v1/bookings", "/v1/bookings", customer],
      ["GET /v1/jobs", "/v1/jobs", partner],
      ["GET /v1/entitlements", "/v1/entitlements", customer],
      ["GET /v1/scores/summary", "/v1/scores/summary", customer],
      ["GET /v1/admin/dependents", "/v1/admin/dependents", partner],
    ];
    for (const [name, path, init] of reads) record(name, await warm(path, init), READ);
  });

  it("prints the table", () => {
    console.log(table.map(([name, calls, budget]) => `${name.padEnd(32)} ${String(calls).padStart(3)} ≤ ${budget}`).join("\n"));
    expect(table.length).toBe(10);
  });
});
