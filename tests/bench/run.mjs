// `npm run bench`: builds the product, serves the production build on its own
// port and state folder, and prints in one run the throughput and latency of
// each scenario below, the ratios between them against their targets, and the
// gzip size of the JavaScript /login loads before it is interactive, the
// largest scripts of the build, and Lighthouse's scores (./lighthouse.mjs); it
// fails after printing when a weight budget or a Lighthouse target is missed.
// BENCH_SECONDS overrides the measuring time per scenario (default 10);
// BENCH_PORT the port (default 4300); BENCH_ONLY some sections alone
// (comma-separated: load, d1, burst, js, lighthouse); BENCH_SCENARIOS only the
// load scenarios whose name contains one of its words (comma-separated, e.g.
// "shell"; /v1/health always) and the ratios between them; BENCH_BURSTS how many
// booking bursts run (default 3; their median is judged); BENCH_PAGES only the
// Lighthouse pages whose label contains it; LIGHTHOUSE_REPORTS a folder that
// keeps each Lighthouse run's report. /v1/health is always measured: the
// burst's ratio is taken against it. `npm run bench -- scale` runs the scale
// simulation instead (./scale.ts).
//
// To add a scenario, append to `scenarios` (and, if it has a target, to
// `ratios`); the machinery is in ./lib.mjs.
import assert from "node:assert/strict";
import { BURSTS, bookingBurst, SEATS_PER_BURST } from "./bookings.mjs";
import { mailDelivered, stateBytes } from "./d1-files.mjs";
import { d1Table } from "./d1-table.mjs";
import { runBench } from "./lib.mjs";

// `npm run bench -- scale [--partners N …]`: the scale simulation instead (./scale.ts, its own server).
if (process.argv[2] === "scale") {
  const { spawnSync } = await import("node:child_process");
  const sim = spawnSync("npx", ["tsx", "tests/bench/scale.ts", ...process.argv.slice(3)], { stdio: "inherit" });
  process.exit(sim.status ?? 1);
}

// BENCH_PORT serves the build on another port (each engineer or CI job its own); the state folder follows it.
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const STATE_DIR = PORT === 4300 ? ".wrangler/bench-state" : `.wrangler/bench-state-${PORT}`;
const PARTNER_HOST = `learn.northwind.test:${PORT}`;
const MAIN_HOST = `localhost:${PORT}`;

/** @type {{ name: string, request: { method?: string, path: string, headers?: Record<string, string>, body?: unknown }, verify?: (res: { status: number, headers: object, body: string, json: () => any }) => Promise<void> }[]} */
const scenarios = [
  {
    // A public screen: the partner's /login now sends a signed-out visitor to the main domain's sign-in (302).
    name: "shell /help (partner host)",
    request: { method: "GET", path: "/help", headers: { Host: PARTNER_HOST } },
    verify: async (res) => {
      assert.equal(res.status, 200);
      assert.match(res.body, /<title>Help · Northwind Learn<\/title>/, "the partner's branded shell");
    },
  },
  {
    name: "GET /v1/styles?origin=partner",
    request: {
      method: "GET",
      path: `/v1/styles?origin=${encodeURIComponent("https://learn.northwind.test")}`,
      headers: { Host: MAIN_HOST },
    },
    verify: async (res) => {
      assert.equal(res.status, 200);
      assert.match(String(res.headers["content-type"]), /application\/json/);
      assert.equal(res.json().platformName, "Northwind Learn");
    },
  },
  {
    name: "GET /v1/health",
    always: true,
    request: { method: "GET", path: "/v1/health", headers: { Host: MAIN_HOST } },
    verify: async (res) => {
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), { ok: true });
    },
  },
];

// ── The customer catalogue with 2,000 workouts in the partner's library ──
// A customer (Dan of Fabrikam) reads the first page of the catalogue. The
// workouts are seeded for the bench only (tests/bench/seed-workouts.ts, into
// the bench's state folder once the server is up), which also prints the
// query plans of the catalogue reads and fails on a full scan.
const CUSTOMER = { email: "dan@fabrikam.test", accountId: "de000000-0001-4000-8000-00000000000a" };
const catalogue = {
  name: "GET /v1/workouts (catalogue, 2,000 in library)",
  request: { method: "GET", path: "/v1/workouts?limit=24", headers: { Host: MAIN_HOST, "X-Account-Id": CUSTOMER.accountId } },
  verify: async (res) => {
    assert.equal(res.status, 200);
    const page = res.json();
    assert.equal(page.items.length, 24, "a full page");
    assert.ok(page.nextCursor, "more pages");
    const priorities = page.items.map((i) => i.priority);
    assert.deepEqual(
      [...priorities].sort((a, b) => b - a),
      priorities,
      "highest priority first",
    );
    assert.deepEqual(page.items[0].price, { kind: "credits", amount: 1 }, "Fabrikam is on plan: credits");
  },
};
scenarios.push(catalogue);

/** Seeds the 2,000 workouts (bench only) and signs the customer in for the catalogue scenario. */
async function prepare({ port, stateDir }) {
  const { spawnSync } = await import("node:child_process");
  const seeded = spawnSync("npx", ["tsx", "tests/bench/seed-workouts.ts", "--persist-to", stateDir, "--count", "2000"], { stdio: "inherit" });
  if (seeded.status !== 0) throw new Error("the bench seed failed, or a catalogue read scans a table without an index");
  const origin = `http://localhost:${port}`;
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: CUSTOMER.email, password: "Demo-pass-2026!" }),
  });
  assert.equal(signIn.status, 200, "the bench customer signs in");
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { token } = await (await fetch(`${origin}/api/auth/token`, { headers: { Cookie: cookie } })).json();
  catalogue.request.headers.Authorization = `Bearer ${token}`;
}

// Lighthouse measures the customer's Home signed in: each run with a session of its own.
/** A fresh session of the bench customer: its cookies, for a request's Cookie header. */
async function signInCookie(host) {
  const origin = `http://${host}`;
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: CUSTOMER.email, password: "Demo-pass-2026!" }),
  });
  assert.equal(signIn.status, 200, "the bench customer signs in");
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const ratios = [
  { label: "shell / health", numerator: scenarios[0].name, denominator: scenarios[2].name, target: 0.5 },
  { label: "styles / health", numerator: scenarios[1].name, denominator: scenarios[2].name, target: 0.6 },
  { label: "catalogue / health", numerator: catalogue.name, denominator: scenarios[2].name, target: 0.3 },
];

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error(`BENCH_SECONDS must be a positive number of seconds (got "${process.env.BENCH_SECONDS}")`);
  process.exit(2);
}

let d1 = { pass: true };
process.exitCode = await runBench({
  port: PORT,
  stateDir: STATE_DIR,
  scenarios,
  ratios,
  seconds,
  warmupSeconds: 2,
  connections: 50,
  js: { path: "/login", readySelector: '[data-testid="platform-name"]', budget: 120 * 1024 },
  chunks: { budget: 100 * 1024 },
  lighthouse: [
    { label: "/login (main domain)", path: "/login", target: 95 },
    { label: "/login (partner domain)", host: "learn.northwind.test", path: "/login", target: 90 },
    { label: "Home (customer, signed in)", path: "/", target: 90, stays: true, cookie: () => signInCookie(MAIN_HOST) },
    // BENCH_PAGES=<text> measures only the pages whose label contains it (e.g. "Home").
  ].filter((page) => !process.env.BENCH_PAGES || page.label.includes(process.env.BENCH_PAGES)),
  prepare,
  // The D1 table (./d1-table.mjs), then the booking burst with /v1/health's throughput from the same run.
  after: async ({ baseUrl, results, only }) => {
    if (only("d1")) d1 = await d1Table({ baseUrl, mainHost: MAIN_HOST, partnerHost: PARTNER_HOST });
    if (!only("burst")) return [];
    const before = stateBytes(STATE_DIR).d1;
    const missed = await bookingBurst({ baseUrl, mainHost: MAIN_HOST, healthRps: results.find((r) => r.name === scenarios[2].name).rps });
    // What the accepted bookings weigh in D1, their mail delivered (the scale simulation splits it by table: `npm run bench -- scale`).
    if (!(await mailDelivered(STATE_DIR))) return [...(missed ? [missed] : []), "the bursts' mail still queued after three minutes"];
    const accepted = BURSTS * SEATS_PER_BURST;
    console.log(
      `D1 bytes per booking: ${Math.round((stateBytes(STATE_DIR).d1 - before) / accepted)} (growth of the local databases over the ${accepted} accepted bookings of the bursts, their slots and credit grants included; job mail rendered when it is sent)`,
    );
    return missed ? [missed] : [];
  },
});
// An endpoint over its D1 budget fails the run, once everything is printed.
if (!d1.pass) process.exitCode = 1;
// Leave no handle (autocannon, child pipes) keeping the process alive.
process.exit(process.exitCode);
